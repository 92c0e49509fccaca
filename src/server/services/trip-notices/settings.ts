// A traveller's choice of trip notices on WhatsApp (ADR 0046). Opting in needs a verified phone
// (users.phone_number is only ever set through a WhatsApp code); the time zone is the browser's,
// else the one of the traveller's country, else Singapore's. Opting in also queues the reminders of
// trips already confirmed; opting out needs nothing more: every queued notice checks it when sent.
import { and, eq, gte, isNotNull } from 'drizzle-orm';
import { TRIP_NOTICE_TEXT, type TripNoticeSettings } from '../../../contract/trip-notices.ts';
import { addDays, timeZoneOf } from '../../../lib/local-time.ts';
import { QUIET_HOURS } from '../../../lib/quiet-hours.ts';
import type { Db } from '../../db/client.ts';
import { orderItems, orders, tripNoticeSettings, users } from '../../db/schema.ts';
import { HttpError } from '../../http.ts';
import { loadBookableOption } from '../booking/catalog.ts';
import { type NoticeQueueDeps, queueReminder } from './notices.ts';

export async function noticeSettingsOf(db: Db, userId: string): Promise<TripNoticeSettings> {
  const [row] = await db
    .select({ phone: users.phoneNumber, whatsapp: tripNoticeSettings.whatsapp, timeZone: tripNoticeSettings.timeZone })
    .from(users)
    .leftJoin(tripNoticeSettings, eq(tripNoticeSettings.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw new HttpError(401, 'Please log in to continue.');
  return { whatsapp: Boolean(row.whatsapp && row.phone), phoneNumber: row.phone, timeZone: row.timeZone, quietHours: { ...QUIET_HOURS } };
}

export async function updateNoticeSettings(db: Db, d: NoticeQueueDeps, userId: string, body: { whatsapp: boolean; timeZone?: string | undefined }, now = new Date()): Promise<TripNoticeSettings> {
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ phone: users.phoneNumber, country: users.countryCode }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new HttpError(401, 'Please log in to continue.');
    if (body.whatsapp && !user.phone) throw new HttpError(409, TRIP_NOTICE_TEXT.noPhone, { fields: { phone_number: TRIP_NOTICE_TEXT.noPhone } });
    const [had] = await tx.select().from(tripNoticeSettings).where(eq(tripNoticeSettings.userId, userId));
    const timeZone = body.timeZone ?? had?.timeZone ?? timeZoneOf(user.country ?? 'SG');
    const turnedOn = body.whatsapp && !had?.whatsapp;
    const changes = { whatsapp: body.whatsapp, timeZone, updatedAt: now, ...(turnedOn ? { optedInAt: now } : {}), ...(!body.whatsapp && had?.whatsapp ? { optedOutAt: now } : {}) };
    await tx.insert(tripNoticeSettings).values({ userId, ...changes }).onConflictDoUpdate({ target: tripNoticeSettings.userId, set: changes });
    if (!turnedOn) return;
    // Trips already confirmed get their reminder (the confirmation itself has gone by e-mail).
    const upcoming = await tx
      .select({ id: orderItems.id, optionId: orderItems.optionId, startDate: orderItems.startDate, startTime: orderItems.startTime })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orders.userId, userId), eq(orderItems.status, 'confirmed'), isNotNull(orderItems.orderId), gte(orderItems.startDate, addDays(now.toISOString().slice(0, 10), -1))));
    for (const item of upcoming) {
      const option = await loadBookableOption(tx as unknown as Db, { id: item.optionId });
      if (option) await queueReminder(tx, d, item, option.zone, now);
    }
  });
  return noticeSettingsOf(db, userId);
}
