// Trip notices on WhatsApp (issue 25; ADR 0046): opting in and out (verified phone only), the
// confirmation of a paid booking, the operator's answers, the day-before reminder moved by the test
// clock (once, however often the clock moves), quiet hours, opting out after a notice was queued,
// and a job that runs twice.
import { and, eq, like } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRIP_NOTICE_TEXT, TripNoticeSettingsSchema } from '../../contract/trip-notices.ts';
import { addDays, localNow } from '../../lib/local-time.ts';
import { options, outbox, tripNotices, users } from '../db/schema.ts';
import { QUEUES } from '../jobs/queue.ts';
import { tripNoticeHandler } from '../jobs/workers.ts';
import { createNoticeSender } from '../providers/whatsapp-notices.ts';
import { reminderDueAt } from '../services/trip-notices/notices.ts';
import { sendTripNotice } from '../services/trip-notices/send.ts';
import { loadBookableOption } from '../services/booking/catalog.ts';
import { Agent } from '../testing/agent.ts';
import { bookAs, expectStatus, instantSgd, pickOption, type OptionPick } from '../testing/booking.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let walk: OptionPick;
let traveller: Agent;
let noPhone: Agent;
let guest: Agent;
let admin: Agent;
const PHONE = '+6580001234';
const log = pino({ level: 'silent' });

const ZONES = ['Asia/Singapore', 'Europe/London', 'America/New_York', 'Pacific/Honolulu', 'Asia/Kolkata', 'America/Los_Angeles', 'Pacific/Auckland', 'Europe/Berlin', 'Asia/Tokyo'];
/** A zone where it is daytime (10:00–18:59) now, and one where it is night (22:00–06:59). */
const zoneWhere = (day: boolean) => ZONES.find((z) => {
  const h = Number(localNow(z).time.slice(0, 2));
  return day ? h >= 10 && h < 19 : h >= 22 || h < 7;
})!;

const put = (who: Agent, body: unknown) => who.call('PUT', '/api/v1/me/trip_notices', { body });
const deps = () => ({ db: t.db, config: t.config, jobs: t.jobs, sender: createNoticeSender(t.config, log), log });
const runNotices = () => t.jobs.runDue(QUEUES.tripNotice.name, tripNoticeHandler(deps()));
const noticesOf = (itemId: string) => t.db.select().from(tripNotices).where(eq(tripNotices.orderItemId, itemId));
const whatsappTo = (phone: string, subject: string) =>
  t.db.select().from(outbox).where(and(eq(outbox.channel, 'whatsapp'), eq(outbox.recipient, phone), like(outbox.subject, subject)));

beforeAll(async () => {
  t = await createTestApp();
  walk = await instantSgd(t.db);
  traveller = new Agent(t, '198.51.100.171');
  await traveller.login('traveller@verdant.test');
  await t.db.update(users).set({ phoneNumber: PHONE }).where(eq(users.email, 'traveller@verdant.test'));
  noPhone = new Agent(t, '198.51.100.172');
  await noPhone.login('explorer@verdant.test');
  guest = new Agent(t, '198.51.100.173');
  admin = new Agent(t, '198.51.100.174');
  await admin.login('admin@verdant.test');
});
afterAll(() => t.close());

describe('GET and PUT /me/trip_notices', () => {
  it('asks a guest to log in', async () => {
    expectStatus(await guest.get('/api/v1/me/trip_notices'), 401);
    expectStatus(await put(guest, { whatsapp: true }), 401);
  });

  it('shows the choice, the verified number and the quiet hours', async () => {
    const r = await traveller.get('/api/v1/me/trip_notices');
    expectStatus(r, 200);
    expect(TripNoticeSettingsSchema.parse(r.body)).toEqual({ whatsapp: false, phoneNumber: PHONE, timeZone: null, quietHours: { start: '21:00', end: '08:00' } });
  });

  it('answers 422 with field messages for bad input', async () => {
    const a = await put(traveller, { whatsapp: 'yes' });
    expectStatus(a, 422);
    expect(a.body.fields).toMatchObject({ whatsapp: TRIP_NOTICE_TEXT.chooseOnOff });
    const b = await put(traveller, { whatsapp: true, time_zone: 'Mars/Olympus_Mons' });
    expectStatus(b, 422);
    expect((b.raw as { fields: Record<string, string> }).fields).toMatchObject({ time_zone: TRIP_NOTICE_TEXT.badZone });
    expectStatus(await put(traveller, { whatsapp: true, colour: 'green' }), 422);
  });

  it('refuses a traveller without a verified phone, saying what to do', async () => {
    const r = await put(noPhone, { whatsapp: true, time_zone: 'Asia/Singapore' });
    expectStatus(r, 409);
    expect(r.body.error).toBe(TRIP_NOTICE_TEXT.noPhone);
    expect((r.raw as { fields: Record<string, string> }).fields).toMatchObject({ phone_number: TRIP_NOTICE_TEXT.noPhone });
    // Off is always allowed.
    expectStatus(await put(noPhone, { whatsapp: false }), 200);
  });

  it('opts in with the browser’s time zone, and out', async () => {
    const on = await put(traveller, { whatsapp: true, time_zone: 'Asia/Kolkata' });
    expectStatus(on, 200);
    expect(TripNoticeSettingsSchema.parse(on.body)).toMatchObject({ whatsapp: true, timeZone: 'Asia/Kolkata' });
    const off = await put(traveller, { whatsapp: false });
    expectStatus(off, 200);
    expect(TripNoticeSettingsSchema.parse(off.body)).toMatchObject({ whatsapp: false, timeZone: 'Asia/Kolkata' });
  });
});

describe('notices through the job queue', () => {
  it('confirms a paid booking once, and sends the reminder once when the clock reaches the day before', async () => {
    const zone = zoneWhere(true);
    expectStatus(await put(traveller, { whatsapp: true, time_zone: zone }), 200);
    const b = await bookAs(t, traveller, walk);
    const queued = await noticesOf(b.itemId);
    expect(queued.map((n) => [n.kind, n.status]).sort()).toEqual([['booking_confirmed', 'queued'], ['reminder', 'queued']]);

    expect(await runNotices()).toBe(1);
    const [confirmation] = await noticesOf(b.itemId).then((ns) => ns.filter((n) => n.kind === 'booking_confirmed'));
    expect(confirmation).toMatchObject({ status: 'sent' });
    const sent = await whatsappTo(PHONE, 'WhatsApp: booking confirmed%');
    const mine = sent.filter((m) => m.id === confirmation!.outboxId);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.body).toContain('is confirmed');
    expect(mine[0]!.body).toContain(`/account/trips/${b.itemId}`);
    // A job that runs again (its process died before the queue heard it finished) sends nothing.
    expect(await sendTripNotice(deps(), { noticeId: confirmation!.id })).toBe('done');

    // Nothing else is due yet. The reminder is due at 09:00 the day before (the experience's
    // zone), or when the traveller's quiet hours end if that falls inside them (which depends on
    // the hour this test runs: the traveller's zone is one where it is daytime now).
    expect(await runNotices()).toBe(0);
    const option = (await loadBookableOption(t.db, { id: walk.id }))!;
    const [queuedReminder] = queued.filter((n) => n.kind === 'reminder');
    const nineTheDayBefore = reminderDueAt(b.date, option.zone);
    expect(queuedReminder!.dueAt.getTime()).toBeGreaterThanOrEqual(nineTheDayBefore.getTime());
    const local = localNow(zone, queuedReminder!.dueAt).time;
    expect(local >= '08:00' && local < '21:00', `due at ${local} in ${zone}, outside the quiet hours`).toBe(true);
    if (queuedReminder!.dueAt.getTime() > nineTheDayBefore.getTime()) expect(local).toBe('08:00');
    const dayBefore = new Date(queuedReminder!.dueAt.getTime() + 60_000);
    for (let i = 0; i < 2; i++) {
      const clock = await traveller.post('/api/v1/test-gateway/clock', { orderId: b.orderId, at: dayBefore.toISOString() });
      expectStatus(clock, 200);
      expect(clock.body.noticesDue).toBe(i === 0 ? 1 : 0);
      await runNotices();
    }
    const reminders = (await noticesOf(b.itemId)).filter((n) => n.kind === 'reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({ status: 'sent' });
    const [reminder] = await t.db.select().from(outbox).where(eq(outbox.id, reminders[0]!.outboxId!));
    expect(reminder!.body).toContain('Meeting point:');
    expect(reminder!.recipient).toBe(PHONE);
    expect(await whatsappTo(PHONE, `WhatsApp: trip reminder (${(reminder!.subject.match(/\((.+)\)/) ?? [])[1]})`)).toHaveLength(1);
  });

  it('does not send what was queued before the traveller opted out', async () => {
    expectStatus(await put(traveller, { whatsapp: true, time_zone: zoneWhere(true) }), 200);
    const b = await bookAs(t, traveller, walk, { skip: 1 });
    expectStatus(await put(traveller, { whatsapp: false }), 200);
    await runNotices();
    const notices = await noticesOf(b.itemId);
    expect(notices.find((n) => n.kind === 'booking_confirmed')).toMatchObject({ status: 'skipped', skippedReason: 'opted_out', outboxId: null });
    // Booked while opted out: nothing is queued at all.
    const c = await bookAs(t, traveller, walk, { skip: 2 });
    expect(await noticesOf(c.itemId)).toEqual([]);
  });

  it('waits for the morning in the traveller’s quiet hours', async () => {
    const zone = zoneWhere(false);
    expectStatus(await put(traveller, { whatsapp: true, time_zone: zone }), 200);
    const b = await bookAs(t, traveller, walk, { skip: 3 });
    const [confirmation] = (await noticesOf(b.itemId)).filter((n) => n.kind === 'booking_confirmed');
    expect(localNow(zone, confirmation!.dueAt).time).toBe('08:00');
    expect(confirmation!.dueAt.getTime()).toBeGreaterThan(Date.now());
    expect(await runNotices()).toBe(0);
    expectStatus(await put(traveller, { whatsapp: false }), 200);
  });

  it('tells the traveller the operator’s answer to a request', async () => {
    expectStatus(await put(traveller, { whatsapp: true, time_zone: zoneWhere(true) }), 200);
    const request = await pickOption(t.db, [eq(options.bookType, 'request_to_book'), eq(options.priceUnit, 'per_person'), eq(options.priceCurrency, 'SGD')]);
    const b = await bookAs(t, traveller, request, { guests: 1 });
    // A request: no confirmation yet, and no reminder before the operator confirms.
    expect(await noticesOf(b.itemId)).toEqual([]);
    expectStatus(await admin.post(`/api/v1/operator/order-items/${b.itemId}/confirm`, {}), 200);
    expect((await noticesOf(b.itemId)).map((n) => n.kind).sort()).toEqual(['reminder', 'request_answered']);
    await runNotices();
    const [answer] = (await noticesOf(b.itemId)).filter((n) => n.kind === 'request_answered');
    expect(answer).toMatchObject({ status: 'sent', detail: { answer: 'confirmed' } });
    const [kept] = await t.db.select().from(outbox).where(eq(outbox.id, answer!.outboxId!));
    expect(kept!.body).toContain('the operator confirmed your request');
    expectStatus(await put(traveller, { whatsapp: false }), 200);
  });

  it('queues the reminders of trips already confirmed when the traveller opts in', async () => {
    const b = await bookAs(t, traveller, walk, { skip: 4 });
    expect(await noticesOf(b.itemId)).toEqual([]);
    expectStatus(await put(traveller, { whatsapp: true, time_zone: 'Asia/Singapore' }), 200);
    const notices = await noticesOf(b.itemId);
    expect(notices.map((n) => n.kind)).toEqual(['reminder']);
    expect(notices[0]!.detail).toEqual({ date: b.date });
    expect(addDays(b.date, -1) <= localNow('Asia/Singapore', notices[0]!.dueAt).date).toBe(true);
    expectStatus(await put(traveller, { whatsapp: false }), 200);
  });
});
