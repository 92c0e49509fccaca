// An operator's subscribable departures calendar (issue 15, item 3): the same iCal as the
// download, at a secret address a calendar app (Google Calendar, Outlook, Apple Calendar) can
// poll without a session: /calendar/{token}.ics. The operator turns it on, makes a new address
// (the old one stops answering) or turns it off. It lists departures with their seats sold and
// guest counts, never a traveller's name or contact.
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { operators } from '../../db/schema.ts';
import { newToken } from '../secrets.ts';
import { departuresIcs } from './availability.ts';
import type { OpenOperator } from './bookings.ts';

/** The feed's path: a token is 32 URL-safe characters. */
export const CALENDAR_PATH = /^\/calendar\/([\w-]{32})\.ics$/;
const urlOf = (siteUrl: string, token: string | null) => (token ? `${siteUrl}/calendar/${token}.ics` : null);

export async function calendarFeed(db: Db, op: OpenOperator, siteUrl: string): Promise<{ url: string | null }> {
  const [row] = await db.select({ token: operators.calendarToken }).from(operators).where(eq(operators.id, op.id));
  return { url: urlOf(siteUrl, row?.token ?? null) };
}

/** When a member leaves: a feed that is on gets a new secret address (one that is off stays off). */
export async function renewCalendarTokenIn(tx: Tx, operatorId: number): Promise<void> {
  await tx.update(operators).set({ calendarToken: newToken(24) }).where(and(eq(operators.id, operatorId), isNotNull(operators.calendarToken)));
}

/** A new secret address for the feed; the previous one (if any) stops answering at once. */
export async function renewCalendarFeed(db: Db, op: OpenOperator, siteUrl: string): Promise<{ url: string | null }> {
  const token = newToken(24);
  await db.update(operators).set({ calendarToken: token }).where(eq(operators.id, op.id));
  return { url: urlOf(siteUrl, token) };
}

export async function stopCalendarFeed(db: Db, op: OpenOperator): Promise<{ url: null }> {
  await db.update(operators).set({ calendarToken: null }).where(eq(operators.id, op.id));
  return { url: null };
}

/** The calendar behind a feed address, or null when no operator has that token. */
export async function calendarByToken(db: Db, token: string): Promise<string | null> {
  const [op] = await db
    .select({ id: operators.id, name: operators.name })
    .from(operators)
    .where(eq(operators.calendarToken, token));
  return op ? departuresIcs(db, op) : null;
}
