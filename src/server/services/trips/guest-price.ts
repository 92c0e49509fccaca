// The price of guests added to a booked trip: the difference of the option's price with and
// without them, in the currency the order was paid in.
import { convertMinor } from '../../../lib/money.ts';
import { resolvedOfItem } from '../booking/cart.ts';
import { unitOf, type MoneyContext } from '../booking/catalog.ts';
import { priceResolved } from '../booking/quote.ts';
import type { Loaded } from './load.ts';

export function addGuestPrice(t: Loaded, m: MoneyContext, add: { quantity: number; childQuantity: number }): number {
  const resolved = resolvedOfItem(t.item);
  const q = (extra: { quantity: number; childQuantity: number }) => ({
    quantity: t.item.quantity + extra.quantity,
    childQuantity: t.item.childQuantity + extra.childQuantity,
    localQuantity: t.item.localQuantity,
    childLocalQuantity: t.item.childLocalQuantity,
    transportItemId: t.item.transportItemId,
  });
  const before = priceResolved(t.option, resolved, q({ quantity: 0, childQuantity: 0 }));
  const after = priceResolved(t.option, resolved, q(add));
  const diff = Math.max(0, after.subtotal - before.subtotal);
  return convertMinor(diff, unitOf(m, t.option.currency), unitOf(m, t.order.currency), m.rates, { fee: t.order.feeApplied });
}
