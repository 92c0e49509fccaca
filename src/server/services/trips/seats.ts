// Seats given back when a trip ends early: the item's, and those an open change request held.
import { and, eq, sql } from 'drizzle-orm';
import { orderItemChangeRequests, orderItems } from '../../db/schema.ts';
import { releaseUnits } from '../booking/availability.ts';
import { resolvedOfItem } from '../booking/cart.ts';
import type { Tx, Loaded } from './load.ts';

export async function releaseItemSeats(tx: Tx, t: Loaded) {
  const [fresh] = await tx.select({ unitsHeld: orderItems.unitsHeld }).from(orderItems).where(eq(orderItems.id, t.item.id));
  if (fresh && fresh.unitsHeld > 0) await releaseUnits(tx, t.option, resolvedOfItem(t.item), fresh.unitsHeld);
  const [open] = await tx.select().from(orderItemChangeRequests).where(and(eq(orderItemChangeRequests.orderItemId, t.item.id), eq(orderItemChangeRequests.status, 'pending')));
  if (open && open.unitsHeld > 0) {
    await releaseUnits(tx, t.option, { startDate: open.startDate, endDate: open.endDate, slotKey: open.slotKey }, open.unitsHeld);
    await tx.update(orderItemChangeRequests).set({ status: 'rejected', unitsHeld: 0, decidedAt: sql`now()`, note: 'Withdrawn: the booking was cancelled' }).where(eq(orderItemChangeRequests.id, open.id));
  }
}
