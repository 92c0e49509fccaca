// Gifts: buying a gift card (paid through the normal pay call), its e-mail on the send date
// through the job queue (and only once), the printable card, redeeming it into credit, the
// buyer's list, bad input and someone else's gift.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayResponse } from '../../contract/booking.ts';
import { GiftCardsResponse, GiftExperienceCodeSchema, GiftSchema, GiftsResponse, RedeemGiftExperienceResponse } from '../../contract/gifts.ts';
import { TripSchema } from '../../contract/trips.ts';
import { creditAccounts, gifts, options, orders, outbox, users } from '../db/schema.ts';
import { QUEUES, SCHEDULES } from '../jobs/queue.ts';
import { bookingSweepHandler, giftDeliveryHandler, mailDeliveryHandler } from '../jobs/workers.ts';
import { createPaymentProvider } from '../providers/payments/select.ts';
import { Mailer } from '../providers/mail.ts';
import { Agent } from '../testing/agent.ts';
import { expectStatus, instantSgd, openDeparture, pickOption } from '../testing/booking.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import pino from 'pino';

let t: TestApp;
let hash: string;
beforeAll(async () => {
  t = await createTestApp();
  const [tess] = await t.db.select({ hash: users.passwordHash }).from(users).where(sql`lower(${users.email}) = 'traveller@verdant.test'`);
  hash = tess!.hash!;
});
afterAll(() => t.close());

let n = 0;
async function member() {
  n++;
  const id = `gift-user-${n}-${randomUUID().slice(0, 8)}`;
  const email = `gift.${n}.${id.slice(-8)}@example.com`;
  await t.db.insert(users).values({ id, email, name: `Giver ${n}`, passwordHash: hash, countryCode: 'SG' });
  const agent = new Agent(t, `198.51.100.${60 + n}`);
  await agent.login(email);
  return { id, email, agent };
}

async function token(number = '4242424242424242'): Promise<string> {
  const r = await t.post('/api/v1/test-gateway/tokens', { number, expMonth: 12, expYear: 2030, cvc: '123' });
  expectStatus(r, 201);
  return (r.body as { token: string }).token;
}

const inDays = (d: number) => new Date(Date.now() + d * 86400_000 + 8 * 3600_000).toISOString().slice(0, 10);
const card = (over: Record<string, unknown> = {}) => ({
  kind: 'card',
  amount: 100,
  currency: 'SGD',
  design: 'canopy',
  senderName: 'Maya',
  recipientName: 'Tess',
  recipientEmail: `tess.${randomUUID().slice(0, 6)}@example.com`,
  message: 'Happy birthday!',
  sendDate: inDays(7),
  ...over,
});

async function buy(agent: Agent, body: Record<string, unknown>) {
  const r = await agent.post('/api/v1/gifts', body);
  expectStatus(r, 201);
  const { gift, order } = r.body as { gift: unknown; order: { id: string; exchangedTotalAmountWithConversionFee: { amount: number; currency: string } } };
  const pay = await agent.post(
    '/api/v1/checkouts/pay',
    { orderId: order.id, currency: order.exchangedTotalAmountWithConversionFee.currency, expectedTotal: order.exchangedTotalAmountWithConversionFee, paymentMethod: 'card', cardToken: await token(), contact: { name: 'x', email: 'x@example.com' } },
    { headers: { 'idempotency-key': randomUUID(), 'x-user-token': agent.token! } },
  );
  expectStatus(pay, 201);
  expect(PayResponse.parse(pay.body).status).toBe('succeeded');
  return { gift: GiftSchema.parse(gift), orderId: order.id };
}

const mailsTo = (email: string) => t.db.select().from(outbox).where(eq(outbox.recipient, email));
const deliver = () => t.jobs.runDue(QUEUES.giftDelivery.name, giftDeliveryHandler({ db: t.db, config: t.config, jobs: t.jobs, siteUrl: t.config.siteUrl, secretKey: t.config.secretKey, log: pino({ level: 'silent' }) }));

describe('gift cards', () => {
  it('lists the designs with the common amounts of a currency', async () => {
    const sgd = GiftCardsResponse.parse((await t.get('/api/v1/gift-cards?currency=SGD')).body);
    expect(sgd.giftCards.length).toBeGreaterThan(2);
    expect(sgd.commonGiftAmounts).toEqual([50, 100, 200, 500]);
    const myr = GiftCardsResponse.parse((await t.get('/api/v1/gift-cards?currency=MYR')).body);
    expect(myr.commonGiftAmounts).toEqual([200, 400, 800, 1000]);
    expectStatus(await t.get('/api/v1/gift-cards/no-such-design'), 404);
  });

  it('is paid, sends nothing before its date, then exactly one e-mail; the code becomes credit', async () => {
    const buyer = await member();
    const body = card();
    const { gift, orderId } = await buy(buyer.agent, body);
    const [row] = await t.db.select().from(gifts).where(eq(gifts.id, gift.id));
    expect(row).toMatchObject({ status: 'scheduled', sentAt: null });
    // Nothing is due yet: the job waits for the send date.
    expect(await deliver()).toBe(0);
    expect(await mailsTo(body.recipientEmail)).toHaveLength(0);
    const [buyerMail] = await mailsTo(buyer.email);
    expect(buyerMail?.body).toContain('Gifts are non-refundable');

    // The test clock passes the send date: the job becomes due.
    const clock = await buyer.agent.post('/api/v1/test-gateway/clock', { orderId, at: new Date(Date.now() + 8 * 86400_000).toISOString() });
    expectStatus(clock, 200);
    expect((clock.body as { giftDue: boolean }).giftDue).toBe(true);
    expect(await deliver()).toBe(1);
    const mails = await mailsTo(body.recipientEmail);
    expect(mails).toHaveLength(1);
    const code = /Your gift code: (GC-[0-9A-Z-]+)/.exec(mails[0]!.body)?.[1];
    expect(code).toMatch(/^GC-(\w{5}-){3}\w{5}$/);
    const print = new RegExp(`${t.config.siteUrl}(/gift-cards/print/${gift.id}\\?key=\\S+)`).exec(mails[0]!.body)?.[1];
    expect(print).toBeDefined();

    // Running the job again (a retry after a crash) sends nothing more.
    const again = await giftDeliveryHandler({ db: t.db, config: t.config, jobs: t.jobs, siteUrl: t.config.siteUrl, secretKey: t.config.secretKey, log: pino({ level: 'silent' }) });
    await again({ giftId: gift.id });
    expect(await mailsTo(body.recipientEmail)).toHaveLength(1);

    // The printable card shows the code; an unknown id answers 404.
    const page = await t.app.request(print!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(code);
    expect((await t.app.request('/gift-cards/print/not-a-real-gift-id')).status).toBe(404);
    // The buyer knows the gift's id but not the e-mail's key: no code for them.
    expect((await t.app.request(`/gift-cards/print/${gift.id}`)).status).toBe(404);
    expect((await t.app.request(`/gift-cards/print/${gift.id}?key=${'A'.repeat(32)}`)).status).toBe(404);

    // The recipient adds the code and redeems it into credit.
    const recipient = await member();
    // Typed as people type it: lower case, no dashes, a space, an O for a 0 and an l for a 1.
    const typed = code!.toLowerCase().replace(/-/g, '').replace(/^(.{7})/, '$1 ').replace(/0/g, 'o').replace(/1/g, 'l');
    const added = await recipient.agent.post('/api/v1/gift_codes', { code: typed });
    expectStatus(added, 201);
    const redeemed = await recipient.agent.post(`/api/v1/gift_codes/${(added.body as { id: string }).id}/redeem`);
    expectStatus(redeemed, 200);
    const [credit] = await t.db.select().from(creditAccounts).where(and(eq(creditAccounts.userId, recipient.id), eq(creditAccounts.currency, 'SGD')));
    expect(credit?.balance).toBe(10_000);

    // The buyer sees the gift, sent, non-refundable; nobody else does.
    const mine = GiftsResponse.parse((await buyer.agent.get('/api/v1/gifts')).body);
    expect(mine.gifts).toHaveLength(1);
    expect(mine.gifts[0]).toMatchObject({ id: gift.id, status: 'sent', terms: 'Gifts are non-refundable' });
    expectStatus(await recipient.agent.get(`/api/v1/gifts/${gift.id}`), 404);
    expect(GiftsResponse.parse((await recipient.agent.get('/api/v1/gifts')).body).gifts).toHaveLength(0);
  });

  it('sends a gift dated today at once', async () => {
    const buyer = await member();
    const body = card({ sendDate: inDays(0) });
    await buy(buyer.agent, body);
    expect(await deliver()).toBe(1);
    expect(await mailsTo(body.recipientEmail)).toHaveLength(1);
  });

  it('an SMTP failure is retried by the mail-delivery job, outside the gift\'s transaction', async () => {
    const silent = pino({ level: 'silent' });
    const sent: string[] = [];
    let down = true;
    // Mail leaves the outbox (SMTP configured): the gift's e-mail is handed to the mail-delivery job.
    const smtp = { ...t.config, mail: { ...t.config.mail, smtpUrl: 'smtp://mail.verdant.test:587' } };
    const mailer = new Mailer({
      from: 'gifts@verdant.test',
      log: silent,
      transport: {
        name: 'flaky',
        async send(m) {
          if (down) throw new Error('421 Service not available, try again later');
          sent.push(m.to);
        },
      },
    });
    const buyer = await member();
    const body = card({ sendDate: inDays(0) });
    const { gift } = await buy(buyer.agent, body);
    const giftJobs = () => t.jobs.runDue(QUEUES.giftDelivery.name, giftDeliveryHandler({ db: t.db, config: smtp, jobs: t.jobs, siteUrl: t.config.siteUrl, secretKey: t.config.secretKey, log: silent }));
    const mailJobs = () => t.jobs.runDue(QUEUES.mailDelivery.name, mailDeliveryHandler({ db: t.db, mailer }));
    expect(await giftJobs()).toBe(1);
    const [kept] = await mailsTo(body.recipientEmail);
    expect(kept).toMatchObject({ sentAt: null, error: null });
    // The SMTP server refuses: the row says why and the job is left to retry.
    expect(await mailJobs()).toBe(1);
    const [failed] = await mailsTo(body.recipientEmail);
    expect(failed?.error).toBe('421 Service not available, try again later');
    const [job] = await t.jobs.jobsOf(QUEUES.mailDelivery.name, `mail:${kept!.id}`);
    expect(job?.state).toBe('retry');
    // The retry (run here without waiting for its backoff) delivers it, once.
    down = false;
    await mailDeliveryHandler({ db: t.db, mailer })({ outboxId: kept!.id });
    await mailDeliveryHandler({ db: t.db, mailer })({ outboxId: kept!.id });
    expect(sent).toEqual([body.recipientEmail]);
    const [row] = await mailsTo(body.recipientEmail);
    expect(row).toMatchObject({ error: null, sentAt: expect.any(Date) });
    expect((await t.db.select().from(gifts).where(eq(gifts.id, gift.id)))[0]?.status).toBe('sent');
  });

  it('lapses unpaid through the booking sweeper (a job on the queue, scheduled every minute): cancelled, never sent, told in a gift\'s words', async () => {
    for (const s of SCHEDULES) await t.jobs.schedule(s.queue, s.cron);
    expect(await t.jobs.schedulesOf(QUEUES.bookingSweep.name)).toEqual([{ name: 'booking-sweep', cron: '* * * * *' }]);
    const buyer = await member();
    const body = card({ sendDate: inDays(0), recipientName: 'Lapsed Tess' });
    const r = await buyer.agent.post('/api/v1/gifts', body);
    expectStatus(r, 201);
    const { gift, order } = r.body as { gift: { id: string }; order: { id: string } };
    // Its payment was due a minute ago: the next sweep lapses it.
    await t.db.update(orders).set({ paymentDueAt: new Date(Date.now() - 60_000) }).where(eq(orders.id, order.id));
    await t.jobs.enqueue(t.db, QUEUES.bookingSweep.name, {}, { startAfter: new Date(), key: `test-sweep-${order.id}` });
    const sweep = bookingSweepHandler({ db: t.db, config: t.config, log: pino({ level: 'silent' }), payments: createPaymentProvider(t.config, t.db), jobs: t.jobs });
    expect(await t.jobs.runDue(QUEUES.bookingSweep.name, sweep)).toBe(1);
    const [row] = await t.db.select({ status: gifts.status }).from(gifts).where(eq(gifts.id, gift.id));
    expect(row?.status).toBe('cancelled');
    const [o] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    expect(o?.status).toBe('expired');
    const mails = await mailsTo(buyer.email);
    const lapsed = mails.find((m) => m.subject === 'Your gift for Lapsed Tess was not sent');
    expect(lapsed?.body).toContain('your gift card of S$100 for Lapsed Tess by its due date, so we have cancelled it');
    expect(lapsed?.body).not.toMatch(/places|booking/);
    // Nothing is ever sent to the recipient, and the buyer's list leaves it out.
    expect(await deliver()).toBe(0);
    expect(await mailsTo(body.recipientEmail)).toHaveLength(0);
    expect(GiftsResponse.parse((await buyer.agent.get('/api/v1/gifts')).body).gifts).toHaveLength(0);
  });

  it('refuses bad input with field messages, and guests', async () => {
    const buyer = await member();
    const bad = await buyer.agent.post('/api/v1/gifts', card({ amount: 1, recipientEmail: 'nope', sendDate: '2020-01-01', design: '' }));
    expectStatus(bad, 422);
    expect(bad.body.fields).toMatchObject({ recipientEmail: expect.any(String), design: expect.any(String) });
    const low = await buyer.agent.post('/api/v1/gifts', card({ amount: 1 }));
    expectStatus(low, 422);
    expect(low.body.fields?.['amount']).toMatch(/between 10 and 5000 SGD/);
    const past = await buyer.agent.post('/api/v1/gifts', card({ sendDate: '2020-01-01' }));
    expectStatus(past, 422);
    expect(past.body.fields?.['sendDate']).toBe('The send date cannot be in the past');
    expectStatus(await buyer.agent.post('/api/v1/gifts', card({ currency: 'XXX' })), 422);
    expectStatus(await t.post('/api/v1/gifts', card()), 401);
  });
});

describe('gift experiences', () => {
  it('is bought for two, redeemed for a date by the recipient, and becomes their trip without actions', async () => {
    const buyer = await member();
    const walk = await instantSgd(t.db);
    const body = card({ kind: 'experience', amount: undefined, option: walk.slugCode, guests: 2, sendDate: inDays(0) });
    const { gift } = await buy(buyer.agent, body);
    expect(gift).toMatchObject({ kind: 'experience', guests: 2, option: { slugCode: walk.slugCode } });
    expect(await deliver()).toBe(1);
    const [mail] = await mailsTo(body.recipientEmail);
    const code = /Your gift code: (GX-[0-9A-Z-]+)/.exec(mail!.body)?.[1] ?? '';
    expect(mail!.body).toContain('/redeem-gift-experiences?code=');

    const recipient = await member();
    const read = await recipient.agent.get(`/api/v1/gift-experience-codes/${code.toLowerCase()}`);
    expectStatus(read, 200);
    expect(GiftExperienceCodeSchema.parse(read.body)).toMatchObject({ code, guests: 2, option: { slugCode: walk.slugCode } });
    const dep = await openDeparture(t, walk.slugCode, 2);
    const noDate = await recipient.agent.post('/api/v1/redeem_gift_experiences', { code, date: '' });
    expectStatus(noDate, 422);
    const redeemed = await recipient.agent.post('/api/v1/redeem_gift_experiences', { code, date: dep.date, detailedTimeslotId: dep.timeslotId });
    expectStatus(redeemed, 201);
    const { tripId } = RedeemGiftExperienceResponse.parse(redeemed.body);
    const trip = await recipient.agent.get(`/api/v1/trips/${tripId}`);
    expectStatus(trip, 200);
    const parsed = TripSchema.parse((trip.body as { trip: unknown }).trip);
    expect(parsed).toMatchObject({ isGift: true, actions: [] });
    expect(parsed.refund.terms).toContain('Gifts are non-refundable');
    // Used codes, unknown codes and someone else's trip.
    const again = await recipient.agent.post('/api/v1/redeem_gift_experiences', { code, date: dep.date, detailedTimeslotId: dep.timeslotId });
    expectStatus(again, 422);
    expect(again.body.error).toBe('This gift experience has already been used');
    expectStatus(await recipient.agent.get('/api/v1/gift-experience-codes/GX-NOPE0-NOPE0-NOPE0-NOPE0'), 422);
    expectStatus(await buyer.agent.get(`/api/v1/trips/${tripId}`), 404);
    expectStatus(await t.post('/api/v1/redeem_gift_experiences', { code, date: dep.date }), 401);
  });
});

describe('a gift experience redeemed for a booking request', () => {
  it('is the recipient\'s again when the operator declines the request', async () => {
    const buyer = await member();
    const rtb = await pickOption(t.db, [eq(options.bookType, 'request_to_book'), eq(options.priceUnit, 'per_person'), sql`jsonb_array_length(${options.startTimes}) > 0`]);
    const body = card({ kind: 'experience', amount: undefined, option: rtb.slugCode, guests: 1, sendDate: inDays(0) });
    const { gift } = await buy(buyer.agent, body);
    expect(await deliver()).toBe(1);
    const [mail] = await mailsTo(body.recipientEmail);
    const code = /Your gift code: (GX-[0-9A-Z-]+)/.exec(mail!.body)?.[1] ?? '';
    const recipient = await member();
    const dep = await openDeparture(t, rtb.slugCode, 1);
    const redeemed = await recipient.agent.post('/api/v1/redeem_gift_experiences', { code, date: dep.date, detailedTimeslotId: dep.timeslotId });
    expectStatus(redeemed, 201);
    const { tripId } = RedeemGiftExperienceResponse.parse(redeemed.body);
    expect(TripSchema.parse((await recipient.agent.get(`/api/v1/trips/${tripId}`)).body.trip).status).toBe('processing');

    const admin = new Agent(t, '198.51.100.251');
    await admin.login('admin@verdant.test');
    expectStatus(await admin.post(`/api/v1/operator/order-items/${tripId}/decline`, { note: 'Boat in repair' }), 200);
    const [row] = await t.db.select().from(gifts).where(eq(gifts.id, gift.id));
    expect(row).toMatchObject({ status: 'sent', redeemedAt: null, redeemedItemId: null });
    const told = (await mailsTo(recipient.email)).find((m) => m.subject.startsWith('Booking request declined'));
    expect(told?.body).toContain(`Your gift experience code ${code} can be used again.`);
    // The code books another date.
    const again = await recipient.agent.post('/api/v1/redeem_gift_experiences', { code, date: dep.date, detailedTimeslotId: dep.timeslotId });
    expectStatus(again, 201);
  });
});

describe('gift experience prices', () => {
  it('are the booking price rules: a private group sells only the party its price covers', async () => {
    const buyer = await member();
    const [group] = await t.db.select({ id: options.id, slugCode: options.slugCode }).from(options).where(and(eq(options.priceUnit, 'per_group'), eq(options.published, true))).limit(1);
    await t.db
      .update(options)
      .set({ groupPriceType: 'price_per_group_with_additional_pax_addon', groupPrice: 30_000, groupIncludedPax: 2, additionalPaxPrice: null, minQtyForPrice: 1, maxQtyForPrice: 6, priceCurrency: 'SGD' })
      .where(eq(options.id, group!.id));
    const four = await buyer.agent.post('/api/v1/gifts', card({ kind: 'experience', amount: undefined, option: group!.slugCode, guests: 4 }));
    expectStatus(four, 422);
    expect(four.body.fields?.['guests']).toBe('At most 2 guests per group');
    const two = await buyer.agent.post('/api/v1/gifts', card({ kind: 'experience', amount: undefined, option: group!.slugCode, guests: 2 }));
    expectStatus(two, 201);
    expect(GiftSchema.parse((two.body as { gift: unknown }).gift).value).toEqual({ amount: 300, currency: 'SGD' });
    // With an extra-guest price, a bigger party pays the group price plus each extra guest.
    await t.db.update(options).set({ additionalPaxPrice: 4_500 }).where(eq(options.id, group!.id));
    const four2 = await buyer.agent.post('/api/v1/gifts', card({ kind: 'experience', amount: undefined, option: group!.slugCode, guests: 4 }));
    expectStatus(four2, 201);
    expect(GiftSchema.parse((four2.body as { gift: unknown }).gift).value).toEqual({ amount: 390, currency: 'SGD' });
  });
});

describe('admin previews of the gift e-mail and printable card', () => {
  it('shows admins a sample gift card and gift experience; everyone else gets 404', async () => {
    const admin = new Agent(t, '198.51.100.250');
    await admin.login('admin@verdant.test');
    for (const kind of ['gift-card', 'gift-experience']) {
      const card = await t.app.request(`/admin/previews/${kind}`, { headers: { cookie: admin.cookieHeader() } });
      expect(card.status).toBe(200);
      expect(await card.text()).toContain('Admin preview');
      const mail = await t.app.request(`/admin/previews/${kind}?format=email`, { headers: { cookie: admin.cookieHeader() } });
      expect(await mail.text()).toContain('Maya sent you a gift on Verdant');
    }
    const someone = await member();
    expect((await t.app.request('/admin/previews/gift-card', { headers: { cookie: someone.agent.cookieHeader() } })).status).toBe(404);
    expect((await t.app.request('/admin/previews/gift-card')).status).toBe(404);
    expect((await t.app.request('/admin/previews/other', { headers: { cookie: admin.cookieHeader() } })).status).toBe(404);
  });
});
