// The confirmation e-mail, queued in the outbox with the order's state change.
import { cancellationDeadline, cancellationTerms } from '../../../../lib/cancellation-deadline.ts';
import { formatDate, formatTime } from '../../../../lib/format-date.ts';
import { tripLink } from '../account-seam.ts';
import type { BookableOption } from '../catalog.ts';
import { moneyFormatter } from '../quote.ts';
import type { CheckoutDeps, ItemRow, OrderRow, Tx } from './deps.ts';

export async function confirmationEmail(tx: Tx, d: CheckoutDeps, order: OrderRow, item: ItemRow, option: BookableOption, kind: 'booked' | 'held' | 'paid') {
  const format = await moneyFormatter(tx);
  const guests = item.quantity + item.childQuantity + item.localQuantity + item.childLocalQuantity;
  const deadline = cancellationDeadline(option.cancelType, item.startDate, item.startTime);
  const transport = option.transportItems.find((t) => t.id === item.transportItemId);
  const room = option.rooms.find((r) => r.id === item.roomId);
  const rtb = option.bookType === 'request_to_book';
  const paid = format({ amount: order.exchangedTotalAmount, currency: order.currency });
  const when = `${formatDate(item.startDate)}${item.startTime ? `, ${formatTime(item.startTime)}` : ''}${item.endDate !== item.startDate ? ` to ${formatDate(item.endDate)}` : ''}`;
  const subject =
    kind === 'held'
      ? `Your places are held: ${option.name}, ${formatDate(item.startDate)} (${order.number})`
      : rtb && kind === 'booked'
        ? `Booking request received: ${option.name}, ${formatDate(item.startDate)} (${order.number})`
        : `Booking confirmed: ${option.name}, ${formatDate(item.startDate)} (${order.number})`;
  const intro =
    kind === 'held'
      ? `Your places are held. Please pay ${paid} by ${order.paymentDueAt ? `${order.paymentDueAt.toISOString().slice(0, 16).replace('T', ' ')} UTC` : 'the due date'}: ${d.config.siteUrl}/${order.paymentTiming === 'invoice' ? 'invoices' : 'later-payment'}/${order.id}`
      : rtb
        ? `Thank you: your request has reached ${option.name}'s operator, who confirms the date within two working days. We have taken your payment of ${paid}; if the date cannot be confirmed, it is refunded in full.`
        : `Thank you: your booking is confirmed and paid (${paid}).`;
  const lines = [
    `Hi ${order.customerName},`,
    '',
    intro,
    '',
    `Booking number: ${order.number}`,
    '',
    'YOUR ITINERARY',
    `${option.name}`,
    `${option.city.name}, ${option.country.name}`,
    `When: ${when} (local time)`,
    ...(room ? [`Room: ${room.name}`] : []),
    `Guests: ${guests}`,
    ...(option.meetingPoint ? [`Meeting point: ${option.meetingPoint}`] : []),
    ...(transport ? [`Pickup: ${transport.name}${order.pickupAddress ? ` from ${order.pickupAddress}` : ''}`] : []),
    ...(order.specialRequests ? [`Your requests: ${order.specialRequests}`] : []),
    '',
    'PAYMENT',
    `${kind === 'held' ? 'To pay' : 'Paid'}: ${paid}${order.feeApplied ? ` (includes the 2% currency conversion fee, converted from ${format({ amount: order.totalAmount, currency: order.baseCurrency })})` : ''}`,
    '',
    'CANCELLATION',
    cancellationTerms(deadline),
    '',
    `Your booking: ${tripLink(d.config.siteUrl, order, item.id)}`,
    '',
    'Have a wonderful trip,',
    'The Verdant team',
  ];
  return { channel: 'mail' as const, recipient: order.customerEmail, subject, body: lines.join('\n') };
}
