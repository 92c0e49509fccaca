import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartSchema, PayResponse } from '../../contract/booking.ts';
import { AdminCorporateEventSchema, AdminCorporateEventsResponse, CorporateCodeLookupSchema, CorporateCodeSchema, CorporateEventSchema } from '../../contract/corporate.ts';
import { addDays } from '../../lib/local-time.ts';
import { corporateCodes } from '../db/schema.ts';
import { Agent } from '../testing/agent.ts';
import { expectStatus, instantSgd, openDeparture, type OptionPick } from '../testing/booking.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let admin: Agent;
let option: OptionPick;
let other: OptionPick;
let ipSeq = 0;
const nextIp = () => `198.19.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  admin = new Agent(t, nextIp());
  await admin.login('admin@verdant.test');
  option = await instantSgd(t.db);
  other = await instantSgd(t.db, 1);
});
afterAll(() => t.close());

async function newEvent(body: Record<string, unknown> = {}) {
  const r = await admin.post('/api/v1/admin/corporate-events', { companyName: 'Verdant Test Co', title: 'Team day out', optionIds: [option.slugCode], startDate: today, endDate: addDays(today, 120), emailDomain: 'verdant.test', ...body });
  expectStatus(r, 201);
  return AdminCorporateEventSchema.parse(r.body);
}
async function newCode(eventId: string, body: Record<string, unknown> = {}) {
  const r = await admin.post(`/api/v1/admin/corporate-events/${eventId}/codes`, body);
  expectStatus(r, 201);
  return CorporateCodeSchema.parse(r.body);
}
async function member(email: string) {
  const a = new Agent(t, nextIp());
  await a.login(email);
  return a;
}
async function bag(who: Agent, pick = option, guests = 1) {
  const dep = await openDeparture(t, pick.slugCode, guests + 2, { from: addDays(today, 7) });
  const r = await who.post('/api/v1/cart', { currency: 'SGD', orderItem: { optionId: pick.slugCode, startDate: dep.date, detailedTimeslotId: dep.timeslotId, quantity: guests } });
  expectStatus(r, 201);
  return CartSchema.parse(r.body);
}
const redeem = (who: Agent, cartId: string, code: string) => who.post('/api/v1/promotion-code-redemptions/corporate-redeem', { cartId, code });
const payCorporate = (who: Agent, cart: { id: string }) =>
  who.post(
    '/api/v1/checkouts/pay',
    {
      cartId: cart.id,
      currency: 'SGD',
      expectedTotal: { amount: 0, currency: 'SGD' },
      contact: { name: 'Tess Traveller', email: 'traveller@verdant.test' },
      customers: [{ fullName: 'Tess Traveller', dateOfBirth: '1990-01-01', nationality: 'British', passportNumber: 'K1234567A' }],
      paymentMethod: 'corporate',
    },
    { headers: { 'idempotency-key': randomUUID(), 'x-user-token': who.token! } },
  );

describe('GET /corporate-events/{id}', () => {
  it('shows the event, its experiences and dates', async () => {
    const e = await newEvent();
    const r = await t.get(`/api/v1/corporate-events/${e.id}`);
    expectStatus(r, 200);
    const v = CorporateEventSchema.parse(r.body);
    expect(v).toMatchObject({ companyName: 'Verdant Test Co', title: 'Team day out', open: true, emailDomain: 'verdant.test' });
    expect(v.options.map((o) => o.slugCode)).toEqual([option.slugCode]);
    expect(r.raw).toHaveProperty('company_name');
  });
  it('answers 404 for an unknown event and 422 for a malformed id', async () => {
    expect((await t.get('/api/v1/corporate-events/no-such-event-1')).status).toBe(404);
    expect((await t.get('/api/v1/corporate-events/%20BAD!')).status).toBe(422);
  });
});

describe('GET /corporate-codes/{code}', () => {
  it('names the event a code opens, whatever its case; 404 for an unknown code, 422 for an over-long one', async () => {
    const event = await newEvent();
    const code = await newCode(event.id, { code: 'LOOKUP-TEAM-1' });
    const r = await t.get('/api/v1/corporate-codes/lookup-team-1');
    expectStatus(r, 200);
    expect(CorporateCodeLookupSchema.parse(r.body)).toEqual({ code: code.code, eventId: event.id, companyName: 'Verdant Test Co' });
    expect((await t.get('/api/v1/corporate-codes/NO-SUCH-CODE')).status).toBe(404);
    const long = await t.get(`/api/v1/corporate-codes/${'A'.repeat(41)}`);
    expect(long.status).toBe(422);
    expect(long.body.fields?.['code']).toBe('Company codes are at most 40 characters');
  });
});

describe('the back-office list', () => {
  it('lists every event with its address and its codes with their uses; 422 names the fields of a bad event or code', async () => {
    const event = await newEvent({ title: 'Listed day out' });
    await newCode(event.id, { code: 'LISTED-CODE-1', maxUses: 10 });
    const r = await admin.get('/api/v1/admin/corporate-events');
    expectStatus(r, 200);
    const listed = AdminCorporateEventsResponse.parse(r.body).corporateEvents.find((e) => e.id === event.id);
    expect(listed?.url).toMatch(new RegExp(`/corporate-events/${event.id}$`));
    expect(listed?.codes).toMatchObject([{ code: 'LISTED-CODE-1', maxUses: 10, uses: 0 }]);
    const bad = await admin.post('/api/v1/admin/corporate-events', { companyName: '', title: 'x', optionIds: [], startDate: today, endDate: today });
    expect(bad.status).toBe(422);
    expect(bad.body.fields).toMatchObject({ companyName: 'Please enter the company name', optionIds: 'Choose at least one experience' });
    const badCode = await admin.post(`/api/v1/admin/corporate-events/${event.id}/codes`, { code: 'no spaces!' });
    expect(badCode.status).toBe(422);
    expect(badCode.body.fields?.['code']).toBe('Use 4 to 40 letters, digits or dashes');
    expect((await admin.post(`/api/v1/admin/corporate-events/${event.id}/codes`, { code: 'LISTED-CODE-1' })).status).toBe(409);
    const guest = await t.get('/api/v1/admin/corporate-events');
    expect([401, 403]).toContain(guest.status);
  });
});

describe('POST /promotion-code-redemptions/corporate-redeem and paying', () => {
  it('books through the ordinary checkout with the company paying everything, no card', async () => {
    const e = await newEvent();
    const code = await newCode(e.id, { code: 'TESTCO-HAPPY', maxUses: 5 });
    const tess = await member('traveller@verdant.test');
    const cart = await bag(tess);
    expect(cart.exchangedTotalAmountWithConversionFee.amount).toBeGreaterThan(0);
    const r = await redeem(tess, cart.id, 'testco-happy');
    expectStatus(r, 201);
    const priced = CartSchema.parse(r.body);
    expect(priced.corporate).toMatchObject({ code: code.code, companyName: 'Verdant Test Co', problem: null });
    expect(priced.exchangedTotalAmountWithConversionFee.amount).toBe(0);
    expect(priced.exchanged.corporateAmount).toEqual(priced.exchanged.subtotal);
    const paid = await payCorporate(tess, priced);
    expectStatus(paid, 201);
    const res = PayResponse.parse(paid.body);
    expect(res.status).toBe('succeeded');
    expect(res.order).toMatchObject({ status: 'placed', paymentMethod: 'corporate', paidByCompany: 'Verdant Test Co', payment: null });
    expect(res.order.orderItem?.status).toBe('confirmed');
    const list = AdminCorporateEventSchema.array().parse((await admin.get('/api/v1/admin/corporate-events')).body['corporateEvents']);
    expect(list.find((x) => x.id === e.id)?.codes[0]?.uses).toBe(1);
  });

  it('refuses bad input with field messages', async () => {
    const tess = await member('traveller@verdant.test');
    const empty = await redeem(tess, 'x', ' ');
    expect(empty.status).toBe(422);
    expect(empty.body.fields?.['code']).toBe('Please enter your company code');
    const cart = await bag(tess);
    const unknown = await redeem(tess, cart.id, 'NOPE-NOPE');
    expect(unknown.status).toBe(422);
    expect(unknown.body.fields?.['code']).toBe('This company code does not exist');
    // Paying "corporate" without a code on the bag.
    const r = await payCorporate(tess, cart);
    expect(r.status).toBe(422);
    expect(r.body.fields?.['paymentMethod']).toBe('No company code on this bag');
  });

  it('holds the limits: experience, guests, per employee, total, the validity window, the e-mail domain', async () => {
    const e = await newEvent();
    const tess = await member('traveller@verdant.test');
    const perOne = await newCode(e.id, { code: 'TESTCO-ONCE', maxUsesPerEmployee: 1 });
    const wrongOption = await bag(tess, other);
    expect((await redeem(tess, wrongOption.id, perOne.code)).body.fields?.['code']).toMatch(/does not pay for this experience/);
    const two = await bag(tess, option, 2);
    expect((await redeem(tess, two.id, perOne.code)).body.fields?.['code']).toBe('This company code pays for one guest: book for yourself only');
    const first = CartSchema.parse((await redeem(tess, (await bag(tess)).id, perOne.code)).body);
    expectStatus(await payCorporate(tess, first), 201);
    expect((await redeem(tess, (await bag(tess)).id, perOne.code)).body.fields?.['code']).toBe('You have already used this company code');

    const expired = await newCode(e.id, { code: 'TESTCO-OLD', validUntil: new Date(Date.now() - 60_000).toISOString() });
    expect((await redeem(tess, (await bag(tess)).id, expired.code)).body.fields?.['code']).toBe('This company code has expired');
    const later = await newCode(e.id, { code: 'TESTCO-SOON', validFrom: new Date(Date.now() + 86_400_000).toISOString() });
    expect((await redeem(tess, (await bag(tess)).id, later.code)).body.fields?.['code']).toMatch(/can be used from/);

    const acme = await newEvent({ emailDomain: 'acme.example' });
    const acmeCode = await newCode(acme.id, { code: 'ACME-ONLY' });
    expect((await redeem(tess, (await bag(tess)).id, acmeCode.code)).body.fields?.['code']).toMatch(/log in with your @acme.example e-mail/);

    const total = await newCode(e.id, { code: 'TESTCO-TOTAL1', maxUses: 1 });
    const ezra = await member('explorer@verdant.test');
    const a = CartSchema.parse((await redeem(ezra, (await bag(ezra)).id, total.code)).body);
    const b = CartSchema.parse((await redeem(tess, (await bag(tess)).id, total.code)).body);
    expectStatus(await payCorporate(ezra, a), 201);
    // Tess's bag was priced before Ezra used the last one: the pay call counts again and refuses.
    const late = await payCorporate(tess, b);
    expect(late.status).toBe(422);
    expect(late.body.error).toBe('This company code has been fully used');
  });

  it('answers 401 for a guest, 404 for another member’s bag or redemption, 403 for a non-admin creating events', async () => {
    const e = await newEvent();
    const code = await newCode(e.id);
    const tess = await member('traveller@verdant.test');
    const cart = await bag(tess);
    const guest = await t.post('/api/v1/promotion-code-redemptions/corporate-redeem', { cartId: cart.id, code: code.code });
    expect(guest.status).toBe(401);
    const ezra = await member('explorer@verdant.test');
    expect((await redeem(ezra, cart.id, code.code)).status).toBe(404);
    const applied = CartSchema.parse((await redeem(tess, cart.id, code.code)).body);
    expect((await ezra.delete(`/api/v1/corporate-redemptions/${applied.corporate!.redemptionId}`)).status).toBe(404);
    expectStatus(await tess.delete(`/api/v1/corporate-redemptions/${applied.corporate!.redemptionId}`), 200);
    expect((await tess.post('/api/v1/admin/corporate-events', {})).status).toBe(403);
    expect((await t.post('/api/v1/admin/corporate-events', {})).status).toBe(401);
    const bad = await admin.post('/api/v1/admin/corporate-events', { companyName: '', title: 'x', optionIds: [], startDate: today, endDate: today });
    expect(bad.status).toBe(422);
    expect(bad.body.fields).toMatchObject({ companyName: 'Please enter the company name', optionIds: 'Choose at least one experience' });
  });

  it('takes turns on the last use under concurrency (PostgreSQL row lock on the code)', async () => {
    const e = await newEvent();
    const code = await newCode(e.id, { code: 'TESTCO-RACE', maxUses: 1 });
    const tess = await member('traveller@verdant.test');
    const ezra = await member('explorer@verdant.test');
    const a = CartSchema.parse((await redeem(tess, (await bag(tess)).id, code.code)).body);
    const b = CartSchema.parse((await redeem(ezra, (await bag(ezra)).id, code.code)).body);
    const results = await Promise.all([payCorporate(tess, a), payCorporate(ezra, b)]);
    // One wins; the other is refused (422 when it saw the use already counted, 409 when it waited on the lock).
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.find((r) => r.status !== 201)?.body.error).toBe('This company code has been fully used');
    const [row] = await t.db.select().from(corporateCodes).where(eq(corporateCodes.id, code.id));
    expect(row?.maxUses).toBe(1);
    const list = AdminCorporateEventSchema.array().parse((await admin.get('/api/v1/admin/corporate-events')).body['corporateEvents']);
    expect(list.find((x) => x.id === e.id)?.codes[0]?.uses).toBe(1);
  });
});
