// The browser half of conversion events (ADR 0040). On a booking's confirmation, with the
// visitor's consent to targeting cookies, the purchase is told twice under ONE event id: to the
// browser pixel (`fbq('track', 'Purchase', …, { eventID })`, present only when the build has
// PUBLIC_PIXEL_ID and consent loaded it) and to our server (POST /facebook_pixel_event), which
// sends it on through the Conversions API; the ad platform counts the two as one. Without that
// consent nothing is sent. The id comes from the order, so a reload repeats the same id: the
// server answers `duplicate` and the platform de-duplicates the pixel's repeat.
import type { Order } from '../../contract/booking.ts';
import type { ConversionEventBody } from '../../contract/conversion-events.ts';
import type { ConsentMode } from '../../stores/consent.ts';

export const purchaseEventId = (orderId: string) => `purchase.${orderId}`;

type PixelWindow = { fbq?: (...args: unknown[]) => void; location: { href: string } };
export type PurchaseReport = { consent: ConsentMode | null; win: PixelWindow; send: (body: ConversionEventBody) => Promise<unknown> };

/** Orders told about in this page's life: a re-render or a second consent change sends nothing again. */
const reported = new Set<string>();

/** Reports a placed order once, when targeting consent is given; answers whether it did. */
export function reportPurchase(order: Pick<Order, 'id' | 'status' | 'exchangedTotalAmountWithConversionFee' | 'orderItem'>, { consent, win, send }: PurchaseReport): boolean {
  if (order.status !== 'placed' || !consent?.targetingCookie || reported.has(order.id)) return false;
  reported.add(order.id);
  const eventId = purchaseEventId(order.id);
  const total = order.exchangedTotalAmountWithConversionFee;
  const contentIds = order.orderItem ? [order.orderItem.option.slugCode] : [];
  win.fbq?.('track', 'Purchase', { value: total.amount, currency: total.currency, content_ids: contentIds, content_type: 'product' }, { eventID: eventId });
  send({
    eventName: 'Purchase',
    eventId,
    eventSourceUrl: win.location.href,
    consent: { targetingCookie: true },
    customData: { orderId: order.id, value: total.amount, currency: total.currency, contentIds, contentType: 'product' },
  }).catch((err: unknown) => console.warn('Could not send the purchase conversion event', err));
  return true;
}
