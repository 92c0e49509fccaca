// The traveller asks to move a trip: new seats held, the operator asked, both told.
import { eq, sql } from 'drizzle-orm';
import { formatDate } from '../../../lib/format-date.ts';
import type { CurrentUser } from '../../context.ts';
import { orderItemChangeRequests, orderItems } from '../../db/schema.ts';
import { mailOf, queueMail } from '../../providers/mail.ts';
import { HttpError } from '../../http.ts';
import { randomId } from '../secrets.ts';
import { takeUnits } from '../booking/availability.ts';
import { loadMoneyContext } from '../booking/catalog.ts';
import { resolveSelection } from '../booking/quote.ts';
import { type TripDeps, nowOf, loadOwned } from './load.ts';
import { mailOperator, operatorOf, partnerBookingUrl } from '../operator-mail.ts';
import { when, tripUrl } from './mail.ts';
import { guestsOf } from '../../../lib/pricing.ts';
import { notAllowed, assertAction } from './rules.ts';
import { viewOf } from './view.ts';

export async function requestDateChange(d: TripDeps, user: CurrentUser, body: { orderItemId: string; startDate: string; detailedTimeslotId?: string | undefined; note?: string | undefined }) {
  const now = nowOf(d);
  const m = await loadMoneyContext(d.db);
  const t = await loadOwned(d.db, body.orderItemId, user);
  await assertAction(d.db, t, user, 'change_date', now, 'The date of this booking cannot be changed');
  const resolved = resolveSelection(t.option, { startDate: body.startDate, detailedTimeslotId: body.detailedTimeslotId, roomId: t.item.roomId ?? undefined }, now);
  if (resolved.startDate === t.item.startDate && resolved.slotKey === t.item.slotKey) {
    throw new HttpError(422, 'Please choose a different date or time', { fields: { start_date: 'Please choose a different date or time' } });
  }
  const units = Math.max(t.item.unitsHeld, 0);
  const id = randomId(16);
  await d.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orderItems).where(eq(orderItems.id, t.item.id)).for('update');
    if (!locked || locked.status !== t.item.status) throw notAllowed('This booking changed meanwhile: please reload the page');
    if (units > 0) await takeUnits(tx, t.option, resolved, units);
    await tx.insert(orderItemChangeRequests).values({
      id,
      orderItemId: t.item.id,
      previousStatus: t.item.status!,
      startDate: resolved.startDate,
      endDate: resolved.endDate,
      startTime: resolved.startTime,
      endTime: resolved.endTime,
      slotKey: resolved.slotKey,
      unitsHeld: units,
      note: body.note ?? '',
    });
    await tx.update(orderItems).set({ status: 'having_change_request', updatedAt: sql`now()` }).where(eq(orderItems.id, t.item.id));
    const op = await operatorOf(tx, t.option.id);
    await queueMail(tx, d,
      mailOf(t.order.customerEmail, `Date change requested: ${t.option.name} (${t.order.number})`, [
        `Hi ${t.order.customerName},`,
        '',
        `We have asked ${op?.name ?? 'the operator'} to move booking ${t.order.number} from ${when(t.item)} to ${when(resolved)}. Your new places are held; we will e-mail you as soon as they answer. Until then your booking stays on ${formatDate(t.item.startDate)}.`,
        '',
        `Your booking: ${tripUrl(d, t.item.id)}`,
        '',
        'The Verdant team',
      ]),
    );
    if (op) {
      await mailOperator(tx, d, op, `Change request for booking ${t.order.number}: ${t.option.name}`, [
        `${t.order.customerName} asks to move booking ${t.order.number} (${guestsOf(t.item)} guests) from ${when(t.item)} to ${when(resolved)}.`,
        ...(body.note ? ['', `Their note: ${body.note}`] : []),
        '',
        `Please accept or reject it in your partner dashboard: ${partnerBookingUrl(d.config.siteUrl, op, t.item.id)}`,
      ]);
    }
  });
  const after = await loadOwned(d.db, t.item.id, user);
  return viewOf(d.db, after, user, m, now);
}
