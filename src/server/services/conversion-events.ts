// Server-side conversion events (ADR 0040). The browser sends its pixel event here too, with the
// same event_id, only when the visitor accepted targeting cookies; the row (keyed by event_id)
// and its job are written in one transaction, so an event is received once and sent once, and
// the sending is retried by the durable queue.
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { ConversionEventBody } from '../../contract/conversion-events.ts';
import type { Db } from '../db/client.ts';
import { conversionEvents, orderItems, options, orders } from '../db/schema.ts';
import { HttpError } from '../http.ts';
import { type JobQueue, QUEUES } from '../jobs/queue.ts';
import type { ConversionPayload, ConversionSender } from '../providers/conversions.ts';
import { mayReadOrder } from './booking/account-seam.ts';
import { loadMoneyContext, unitOf } from './booking/catalog.ts';

const sha256 = (v: string) => createHash('sha256').update(v.trim().toLowerCase()).digest('hex');

export type ConversionContext = { db: Db; jobs: JobQueue | null; user: { id: string; email: string } | null; ip: string; userAgent: string; cookies: { fbp?: string | undefined; fbc?: string | undefined } };

export async function receiveConversionEvent(x: ConversionContext, body: z.output<typeof ConversionEventBody>, now = new Date()): Promise<{ eventId: string; status: 'queued' | 'duplicate' }> {
  if (!body.consent.targetingCookie) {
    throw new HttpError(403, 'The visitor has not accepted targeting cookies: nothing was recorded or sent', { body: { code: 'no_consent' } });
  }
  let custom: Record<string, unknown> = {
    ...(body.customData.value !== undefined ? { value: body.customData.value } : {}),
    ...(body.customData.currency ? { currency: body.customData.currency } : {}),
    ...(body.customData.contentIds ? { content_ids: body.customData.contentIds } : {}),
    ...(body.customData.contentType ? { content_type: body.customData.contentType } : {}),
  };
  let email = x.user?.email ?? null;
  if (body.eventName === 'Purchase') {
    // What was bought and for how much comes from the order, never from the page.
    const [o] = await x.db.select().from(orders).where(eq(orders.id, body.customData.orderId!));
    if (!o || !mayReadOrder(x.user ? { ...x.user, name: '', countryCode: null } : null, o) || o.status !== 'placed') throw new HttpError(404, 'Order not found');
    const [item] = await x.db.select({ slug: options.slugCode }).from(orderItems).innerJoin(options, eq(options.id, orderItems.optionId)).where(eq(orderItems.orderId, o.id)).limit(1);
    const unit = unitOf(await loadMoneyContext(x.db), o.currency);
    custom = { value: o.exchangedTotalAmount / 10 ** unit.exponent, currency: o.currency, content_type: 'product', content_ids: item ? [item.slug] : [], order_id: o.number ?? o.id };
    email ??= o.customerEmail;
  }
  const payload: ConversionPayload = {
    event_name: body.eventName,
    event_id: body.eventId,
    event_time: Math.floor(now.getTime() / 1000),
    event_source_url: body.eventSourceUrl,
    action_source: 'website',
    user_data: {
      client_ip_address: x.ip,
      client_user_agent: x.userAgent,
      ...(email ? { em: [sha256(email)] } : {}),
      ...(x.user ? { external_id: [sha256(x.user.id)] } : {}),
      ...(x.cookies.fbp ? { fbp: x.cookies.fbp } : {}),
      ...(x.cookies.fbc ? { fbc: x.cookies.fbc } : {}),
    },
    custom_data: custom,
  };
  return x.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(conversionEvents)
      .values({ eventId: body.eventId, eventName: body.eventName, userId: x.user?.id ?? null, payload })
      .onConflictDoNothing()
      .returning({ eventId: conversionEvents.eventId });
    if (inserted.length === 0) return { eventId: body.eventId, status: 'duplicate' as const };
    if (!x.jobs) throw new Error('conversion events need the job queue');
    await x.jobs.enqueue(tx, QUEUES.conversionEvent.name, { eventId: body.eventId }, { startAfter: now, key: `conversion:${body.eventId}` });
    return { eventId: body.eventId, status: 'queued' as const };
  });
}

/** The job: sends a queued event once; a failure is recorded and thrown for the queue to retry. */
export async function sendConversionEvent(d: { db: Db; sender: ConversionSender; log: Logger }, eventId: string): Promise<'sent' | 'skipped'> {
  const [row] = await d.db.select().from(conversionEvents).where(eq(conversionEvents.eventId, eventId));
  if (!row || row.status === 'sent') return 'skipped';
  try {
    await d.sender.send(row.payload as ConversionPayload);
  } catch (err) {
    await d.db.update(conversionEvents).set({ attempts: sql`${conversionEvents.attempts} + 1`, lastError: String(err).slice(0, 500) }).where(eq(conversionEvents.eventId, eventId));
    d.log.warn({ err, eventId }, 'conversion event not sent; the queue retries it');
    throw err;
  }
  await d.db.update(conversionEvents).set({ status: 'sent', attempts: sql`${conversionEvents.attempts} + 1`, sentAt: new Date(), lastError: null }).where(eq(conversionEvents.eventId, eventId));
  return 'sent';
}
