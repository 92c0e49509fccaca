// The confirmation e-mail, queued with the order's state change, and the operator's.
import { cancellationDeadline, cancellationTerms } from '../../../../lib/cancellation-deadline.ts';
import { formatDate, formatTime } from '../../../../lib/format-date.ts';
import { guestsOf } from '../../../../lib/pricing.ts';
import { mailOf } from '../../../providers/mail.ts';
import { mailOperator, operatorOf, partnerBookingUrl } from '../../operator-mail.ts';
import { tripLink } from '../account-seam.ts';
import type { BookableOption } from '../catalog.ts';
import { moneyFormatter } from '../quote.ts';
import type { CheckoutDeps, ItemRow, OrderRow, Tx } from './deps.ts';

/** The booking's date, room, guests, meeting point and pickup: the same lines for the traveller and the operator. */
function itineraryLines(order: OrderRow, item: ItemRow, option: BookableOption, opts: { meetingPoint: boolean }): string[] {
  const when = `${formatDate(item.startDate)}${item.startTime ? `, ${formatTime(item.startTime)}` : ''}${item.endDate !== item.startDate ? ` to ${formatDate(item.endDate)}` : ''}`;
  const transport = option.transportItems.find((t) => t.id === item.transportItemId);
  const room = option.rooms.find((r) => r.id === item.roomId);
  return [
    `When: ${when} (local time)`,
    ...(room ? [`Room: ${room.name}`] : []),
    `Guests: ${guestsOf(item)}`,
    ...(opts.meetingPoint && option.meetingPoint ? [`Meeting point: ${option.meetingPoint}`] : []),
    ...(transport ? [`Pickup: ${transport.name}${order.pickupAddress ? ` from ${order.pickupAddress}` : ''}`] : []),
  ];
}

export async function confirmationEmail(tx: Tx, d: CheckoutDeps, order: OrderRow, item: ItemRow, option: BookableOption, kind: 'booked' | 'held' | 'paid') {
  const format = await moneyFormatter(tx);
  const deadline = cancellationDeadline(option.cancelType, item.startDate, item.startTime);
  const rtb = option.bookType === 'request_to_book';
  const paid = format({ amount: order.exchangedTotalAmount, currency: order.currency });
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
    ...itineraryLines(order, item, option, { meetingPoint: true }),
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
  return mailOf(order.customerEmail, subject, lines);
}

/** The operator's e-mail about a new booking or request to book, once it is placed and paid. */
export async function newBookingOperatorEmail(tx: Tx, d: CheckoutDeps, order: OrderRow, item: ItemRow, option: BookableOption) {
  const op = await operatorOf(tx, option.id);
  if (!op) return;
  const format = await moneyFormatter(tx);
  const rtb = item.status === 'processing';
  await mailOperator(tx, d, op, rtb ? `Request to book ${order.number}: ${option.name}, ${formatDate(item.startDate)} (please answer)` : `New booking ${order.number}: ${option.name}, ${formatDate(item.startDate)}`, [
    `Hello ${op.name},`,
    '',
    rtb
      ? `${order.customerName} asks to book ${option.name}. Please confirm or decline within two working days; the traveller has paid and is refunded in full if you decline.`
      : `${order.customerName} has booked ${option.name}. The booking is confirmed and paid.`,
    '',
    `Booking number: ${order.number}`,
    ...itineraryLines(order, item, option, { meetingPoint: false }),
    ...(order.specialRequests ? [`Requests: ${order.specialRequests}`] : []),
    `Value: ${format({ amount: order.totalAmount, currency: order.baseCurrency })}`,
    '',
    `${rtb ? 'Answer it' : 'Guest list and details'}: ${partnerBookingUrl(d.config.siteUrl, op, item.id)}`,
    '',
    'The Verdant team',
  ]);
}
