import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminApplicationsResponse,
  AffiliateLinkSchema,
  AffiliateLinksResponse,
  AmbassadorProfileResponse,
  BankAccountSchema,
  BankAccountsResponse,
  PayoutsResponse,
  PerformanceResponse,
  PopularProductsResponse,
} from '../../contract/ambassador.ts';
import { CartSchema, PayResponse } from '../../contract/booking.ts';
import { affiliateClicks, affiliateCommissions, ambassadorProfiles, options, orders, outbox, settings, users } from '../db/schema.ts';
import { Agent } from '../testing/agent.ts';
import { expectStatus, instantSgd, openDeparture, type OptionPick } from '../testing/booking.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { mountAffiliateLinks } from './affiliate.ts';

let t: TestApp;
let walk: OptionPick;
let admin: Agent;
let seeded: Agent; // the demo's approved ambassador
let n = 0;

beforeAll(async () => {
  t = await createTestApp({}, (app) => mountAffiliateLinks(app));
  walk = await instantSgd(t.db);
  await t.db.update(options).set({ cancelType: 'standard', rescheduleType: 'allow_reschedule_cancel', maxQtyForPrice: 10 }).where(eq(options.id, walk.id));
  admin = new Agent(t, '198.51.100.50');
  await admin.login('admin@verdant.test');
  seeded = new Agent(t, '198.51.100.51');
  await seeded.login('ambassador@verdant.test');
});
afterAll(() => t.close());

async function signUp(name: string): Promise<{ agent: Agent; email: string; id: string }> {
  const a = new Agent(t, `198.51.100.${60 + (n % 100)}`);
  const email = `amb.test.${++n}.${randomUUID().slice(0, 8)}@example.com`;
  const captcha = ((await a.get('/api/v1/captcha/challenge')).body as { token: string }).token;
  const r = await a.main('POST', '/users', { user: { name, email, password: 'first-pass', passwordConfirmation: 'first-pass' }, captcha });
  expect(r.status, JSON.stringify(r.raw)).toBeLessThan(300);
  a.token = (r.body as { token: string }).token;
  const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { agent: a, email, id: u!.id };
}

const APPLICATION = { channels: ['instagram', 'blog'], audienceLinks: ['https://instagram.com/wild.trails', 'https://wildtrails.blog'], pitch: 'I write about slow travel and wildlife in Borneo for 40k readers.', acceptTerms: true };

/** A fresh user, applied and approved by the admin. */
async function approvedAmbassador(name = 'Nadia Wanders') {
  const u = await signUp(name);
  expectStatus(await u.agent.post('/api/v1/ambassador_profile', APPLICATION), 201);
  expectStatus(await admin.post(`/api/v1/admin/ambassador_applications/${u.id}`, { decision: 'approve' }), 200);
  return u;
}

async function newLink(a: Agent, target = `/experiences/${walk.slugCode}`) {
  const r = await a.post('/api/v1/affiliate_links', { target });
  expectStatus(r, 201);
  return AffiliateLinkSchema.parse(r.body);
}

async function cardToken(): Promise<string> {
  const r = await t.post('/api/v1/test-gateway/tokens', { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' });
  expectStatus(r, 201);
  return (r.body as { token: string }).token;
}

/** `who` books `walk` for two through the real cart and pay calls (with whatever cookies it holds). */
async function book(who: Agent, email: string) {
  const dep = await openDeparture(t, walk.slugCode, 6);
  const created = await who.post('/api/v1/cart', { currency: 'SGD', orderItem: { optionId: walk.slugCode, startDate: dep.date, detailedTimeslotId: dep.timeslotId, quantity: 2 } });
  expectStatus(created, 201);
  const cart = CartSchema.parse(created.body);
  const paid = await who.post(
    '/api/v1/checkouts/pay',
    {
      cartId: cart.id,
      currency: 'SGD',
      expectedTotal: cart.exchangedTotalAmountWithConversionFee,
      contact: { name: 'Vera Visitor', email, phone: '+65 9123 4567' },
      customers: [1, 2].map((i) => ({ fullName: `Guest Number ${i}`, dateOfBirth: '1990-01-01', nationality: 'British', passportNumber: 'K1234567A' })),
      paymentMethod: 'card',
      cardToken: await cardToken(),
    },
    { headers: { 'idempotency-key': randomUUID(), 'x-user-token': who.token! } },
  );
  expectStatus(paid, 201);
  const order = PayResponse.parse(paid.body).order;
  const [row] = await t.db.select({ total: orders.totalAmount }).from(orders).where(eq(orders.id, order.id));
  return { orderId: order.id, total: row!.total };
}

const ledgerOf = (orderId: string) => t.db.select().from(affiliateCommissions).where(eq(affiliateCommissions.orderId, orderId));
const perf = async (a: Agent, period = 'last_7_days') => {
  const r = await a.get(`/api/v1/ambassador/performance?period=${period}`);
  expectStatus(r, 200);
  return PerformanceResponse.parse(r.body);
};

describe('applying and the admin review', () => {
  it('validates the application with field messages', async () => {
    const u = await signUp('Bad Input');
    const r = await u.agent.post('/api/v1/ambassador_profile', { channels: ['myspace'], audienceLinks: ['not a link'], pitch: 'short', acceptTerms: false });
    expectStatus(r, 422);
    expect(r.body.fields).toMatchObject({
      'channels.0': 'Choose from Instagram, TikTok, Blog or Other',
      'audienceLinks.0': 'Please give a full web address, like https://instagram.com/yourname',
      pitch: 'Tell us a little more: at least 20 characters',
      acceptTerms: 'Please accept the ambassador terms',
    });
    expectStatus(await u.agent.post('/api/v1/ambassador_profile', { ...APPLICATION, channels: [] }), 422);
    expect(AmbassadorProfileResponse.parse((await u.agent.get('/api/v1/ambassador_profile')).body).profile).toBeNull();
  });

  it('applies → applied (hidden dashboard), admin approves → approved, with an e-mail either way', async () => {
    const u = await signUp('Lena Hills');
    expectStatus(await t.get('/api/v1/ambassador_profile'), 401);
    const r = await u.agent.post('/api/v1/ambassador_profile', APPLICATION);
    expectStatus(r, 201);
    expect(AmbassadorProfileResponse.parse(r.body).profile).toMatchObject({ status: 'applied', channels: ['instagram', 'blog'], commissionRate: 5, cappedAmount: { amount: 200, currency: 'SGD' } });
    expect(((await u.agent.get('/api/v1/me')).body as { ambassadorProfile: unknown }).ambassadorProfile).toEqual({ status: 'applied' });
    expectStatus(await u.agent.post('/api/v1/ambassador_profile', APPLICATION), 409);
    // PATCH while applied.
    const p = await u.agent.patch('/api/v1/ambassador_profile', { pitch: 'Slow travel and wildlife in Borneo, 40k readers and growing.' });
    expectStatus(p, 200);
    expect(AmbassadorProfileResponse.parse(p.body).profile?.pitch).toMatch(/growing/);
    expectStatus(await u.agent.patch('/api/v1/ambassador_profile', {}), 422);
    // Not yet approved: no links.
    expectStatus(await u.agent.post('/api/v1/affiliate_links', { target: '/' }), 403);

    const list = AdminApplicationsResponse.parse((await admin.get('/api/v1/admin/ambassador_applications')).body);
    expect(list.applications.find((a) => a.userId === u.id)).toMatchObject({ status: 'applied', email: u.email });
    expectStatus(await admin.post(`/api/v1/admin/ambassador_applications/${u.id}`, { decision: 'maybe' }), 422);
    expectStatus(await admin.post('/api/v1/admin/ambassador_applications/nobody-here', { decision: 'approve' }), 404);
    expectStatus(await admin.post(`/api/v1/admin/ambassador_applications/${u.id}`, { decision: 'approve' }), 200);
    expectStatus(await admin.post(`/api/v1/admin/ambassador_applications/${u.id}`, { decision: 'reject' }), 409);
    expect(((await u.agent.get('/api/v1/me')).body as { ambassadorProfile: unknown }).ambassadorProfile).toEqual({ status: 'approved' });
    const mail = await t.db.select().from(outbox).where(eq(outbox.recipient, u.email));
    expect(mail.map((m) => m.subject)).toEqual(expect.arrayContaining(['We have your Verdant ambassador application', 'Welcome to the Verdant ambassador programme']));
  });

  it('rejects with an e-mail; a rejected applicant may apply again', async () => {
    const u = await signUp('Rory Reject');
    expectStatus(await u.agent.post('/api/v1/ambassador_profile', APPLICATION), 201);
    expectStatus(await admin.post(`/api/v1/admin/ambassador_applications/${u.id}`, { decision: 'reject', note: 'We look for audiences of 5,000 or more.' }), 200);
    const [m] = await t.db.select().from(outbox).where(and(eq(outbox.recipient, u.email), eq(outbox.subject, 'Your Verdant ambassador application')));
    expect(m?.body).toContain('5,000 or more');
    expect(((await u.agent.get('/api/v1/me')).body as { ambassadorProfile: unknown }).ambassadorProfile).toEqual({ status: 'rejected' });
    expectStatus(await u.agent.post('/api/v1/ambassador_profile', APPLICATION), 201);
  });

  it('refuses the admin calls to non-admins (403) and guests (401)', async () => {
    const u = await signUp('Not Admin');
    expectStatus(await u.agent.get('/api/v1/admin/ambassador_applications'), 403);
    expectStatus(await seeded.post(`/api/v1/admin/ambassador_applications/${u.id}`, { decision: 'approve' }), 403);
    expectStatus(await seeded.post('/api/v1/admin/ambassador_payouts', { userId: u.id, month: '2026-01' }), 403);
    expectStatus(await t.get('/api/v1/admin/ambassador_applications'), 401);
  });
});

describe('affiliate links and attribution', () => {
  it('creates links to any page of the site, refuses other sites', async () => {
    const a = await approvedAmbassador();
    expect((await newLink(a.agent, '/countries/malaysia')).targetPath).toBe('/countries/malaysia');
    expect((await newLink(a.agent, `${t.config.siteUrl}/experiences/${walk.slugCode}?utm=x`)).targetPath).toBe(`/experiences/${walk.slugCode}?utm=x`);
    for (const target of ['https://evil.example/x', '//evil.example', '/a/loop-loop-loop', 'javascript:alert(1)', '']) {
      const r = await a.agent.post('/api/v1/affiliate_links', { target });
      expectStatus(r, 422);
      expect(r.body.fields?.['target']).toBeTruthy();
    }
    const list = AffiliateLinksResponse.parse((await a.agent.get('/api/v1/affiliate_links')).body);
    expect(list.links).toHaveLength(2);
    expect(list.links[0]!.url).toBe(`${t.config.siteUrl}/a/${list.links[0]!.id}`);
  });

  it('a booking paid after a click earns the commission; cancelling it reverses it; performance shows both', async () => {
    const a = await approvedAmbassador('Maya Commission');
    const link = await newLink(a.agent);
    const visitor = await signUp('Vera Visitor');
    const click = await visitor.agent.get(`/a/${link.id}`);
    expect(click.status).toBe(302);
    expect(visitor.agent.cookies.get('verdant_aff')).toMatch(new RegExp(`^${link.id}\\.\\d+$`));
    const b = await book(visitor.agent, visitor.email);
    const [earned] = await ledgerOf(b.orderId);
    // 5% of the booking's net value in SGD, under the S$200 cap.
    expect(earned).toMatchObject({ userId: a.id, kind: 'earned', amount: Math.round(b.total * 0.05), currency: 'SGD', capped: false });
    let p = await perf(a.agent);
    expect(p).toMatchObject({ clicks: 1, bookings: 1, reversals: 0, conversionRate: 1, earnings: { amount: earned!.amount / 100, currency: 'SGD' } });
    expect(p.series).toHaveLength(7);
    expect(p.series.reduce((s, x) => s + x.clicks, 0)).toBe(1);
    // All time: monthly points (at least six), the click counted in its month.
    const all = await perf(a.agent, 'all_time');
    expect(all.clicks).toBe(1);
    expect(all.series.length).toBeGreaterThanOrEqual(6);
    expect(all.series.find((x) => x.clicks === 1)?.label).toBe(new Date().toISOString().slice(0, 7));
    const popular = PopularProductsResponse.parse((await a.agent.get('/api/v1/ambassador/popular_products?period=last_7_days')).body);
    expect(popular.products).toEqual([expect.objectContaining({ slugCode: walk.slugCode, bookings: 1 })]);
    const links = AffiliateLinksResponse.parse((await a.agent.get('/api/v1/affiliate_links')).body);
    expect(links.links[0]).toMatchObject({ clicks: 1, bookings: 1 });

    expectStatus(await visitor.agent.post(`/api/v1/orders/${b.orderId}/cancel`, {}), 200);
    const rows = await ledgerOf(b.orderId);
    expect(rows.map((r) => [r.kind, r.amount])).toEqual([['earned', earned!.amount], ['reversed', -earned!.amount]]);
    p = await perf(a.agent);
    expect(p).toMatchObject({ bookings: 1, reversals: 1, earnings: { amount: 0 }, reversed: { amount: -earned!.amount / 100 } });
    const after = PopularProductsResponse.parse((await a.agent.get('/api/v1/ambassador/popular_products?period=last_7_days')).body);
    expect(after.products).toEqual([]);
  });

  it('self-referral earns nothing; a click older than 30 days earns nothing; a forged cookie is ignored', async () => {
    const a = await approvedAmbassador('Sam Self');
    const link = await newLink(a.agent);
    await a.agent.get(`/a/${link.id}`);
    const own = await book(a.agent, a.email);
    expect(await ledgerOf(own.orderId)).toEqual([]);

    const visitor = await signUp('Olli Old');
    await visitor.agent.get(`/a/${link.id}`);
    await t.db.update(affiliateClicks).set({ createdAt: sql`now() - interval '31 days'` }).where(eq(affiliateClicks.linkId, link.id));
    const old = await book(visitor.agent, visitor.email);
    expect(await ledgerOf(old.orderId)).toEqual([]);

    const forger = await signUp('Fay Forge');
    forger.agent.cookies.set('verdant_aff', `${link.id}.999999999`);
    const forged = await book(forger.agent, forger.email);
    expect(await ledgerOf(forged.orderId)).toEqual([]);
  });

  it('caps a commission at affiliateCappedAmount unless the ambassador holds the uncapped privilege', async () => {
    const a = await approvedAmbassador('Cap Tain');
    const link = await newLink(a.agent);
    await t.db.insert(settings).values({ key: 'affiliateCappedAmount', value: { amount: 0.5, currency: 'SGD' } }).onConflictDoUpdate({ target: settings.key, set: { value: { amount: 0.5, currency: 'SGD' } } });
    try {
      const v1 = await signUp('Cap Visitor');
      await v1.agent.get(`/a/${link.id}`);
      const capped = await book(v1.agent, v1.email);
      expect((await ledgerOf(capped.orderId))[0]).toMatchObject({ amount: 50, capped: true });

      expectStatus(await a.agent.post('/api/v1/affiliate_uncapped_earning_privilege/read_banner'), 404);
      await t.db.update(ambassadorProfiles).set({ uncappedEarning: true }).where(eq(ambassadorProfiles.userId, a.id));
      expect(AmbassadorProfileResponse.parse((await a.agent.get('/api/v1/ambassador_profile')).body).profile?.showUncappedBanner).toBe(true);
      const v2 = await signUp('Free Visitor');
      await v2.agent.get(`/a/${link.id}`);
      const free = await book(v2.agent, v2.email);
      expect((await ledgerOf(free.orderId))[0]).toMatchObject({ amount: Math.round(free.total * 0.05), capped: false });
      expectStatus(await a.agent.post('/api/v1/affiliate_uncapped_earning_privilege/read_banner'), 200);
      expect(AmbassadorProfileResponse.parse((await a.agent.get('/api/v1/ambassador_profile')).body).profile?.showUncappedBanner).toBe(false);
    } finally {
      await t.db.update(settings).set({ value: { amount: 200, currency: 'SGD' } }).where(eq(settings.key, 'affiliateCappedAmount'));
    }
  });

  it('validates the report period', async () => {
    expectStatus(await seeded.get('/api/v1/ambassador/performance?period=forever'), 422);
    for (const period of ['last_30_days', 'last_90_days', 'last_month', 'current_month', 'all_time']) expect((await perf(seeded, period)).period).toBe(period);
  });
});

describe('one ambassador never sees another’s links, earnings or bank details', () => {
  it('keeps every list and record to its owner', async () => {
    const a = await approvedAmbassador('Alba Own');
    const b = await approvedAmbassador('Bea Other');
    const la = await newLink(a.agent);
    const visitor = await signUp('Cross Visitor');
    await visitor.agent.get(`/a/${la.id}`);
    await book(visitor.agent, visitor.email);
    const bank = await a.agent.post('/api/v1/ambassador_bank_accounts', { country: 'SG', accountHolder: 'Alba Own', bankName: 'DBS Bank', accountNumber: '123-45678-9', routingCode: '7171081' });
    expectStatus(bank, 201);
    const acc = BankAccountSchema.parse(bank.body);

    expect(AffiliateLinksResponse.parse((await b.agent.get('/api/v1/affiliate_links')).body).links).toEqual([]);
    expect(await perf(b.agent)).toMatchObject({ clicks: 0, bookings: 0, earnings: { amount: 0 } });
    expect(PopularProductsResponse.parse((await b.agent.get('/api/v1/ambassador/popular_products')).body).products).toEqual([]);
    expect(PayoutsResponse.parse((await b.agent.get('/api/v1/ambassador/payouts')).body).statements).toEqual([]);
    expect(BankAccountsResponse.parse((await b.agent.get('/api/v1/ambassador_bank_accounts')).body).bankAccounts).toEqual([]);
    expectStatus(await b.agent.delete(`/api/v1/ambassador_bank_accounts/${acc.id}`), 404);
    expect(BankAccountsResponse.parse((await a.agent.get('/api/v1/ambassador_bank_accounts')).body).bankAccounts).toHaveLength(1);
    expect((await perf(a.agent)).bookings).toBe(1);
  });
});

describe('bank details and payouts', () => {
  it('validates per country, shows the number masked, deletes', async () => {
    const a = await approvedAmbassador('Bank Test');
    const bad = await a.agent.post('/api/v1/ambassador_bank_accounts', { country: 'AU', accountHolder: 'B', bankName: 'ANZ', accountNumber: '12', routingCode: '06200' });
    expectStatus(bad, 422);
    expect(bad.body.fields).toEqual({ accountHolder: 'Please give the name on the account', accountNumber: 'Account number for Australia: 5 to 9 digits', routingCode: 'BSB for Australia: 6 digits' });
    expectStatus(await a.agent.post('/api/v1/ambassador_bank_accounts', { country: 'XX', accountHolder: 'Bank Test', bankName: 'Nope', accountNumber: '1' }), 422);
    const ok = await a.agent.post('/api/v1/ambassador_bank_accounts', { country: 'GB', accountHolder: 'Bank Test', bankName: 'Barclays', accountNumber: '3192 6819', routingCode: '60-16-13' });
    expectStatus(ok, 201);
    const acc = BankAccountSchema.parse(ok.body);
    expect(acc).toMatchObject({ maskedAccountNumber: '•••• 6819', currency: 'GBP' });
    expect(JSON.stringify(ok.raw)).not.toContain('31926819');
    expect(PayoutsResponse.parse((await a.agent.get('/api/v1/ambassador/payouts')).body).hasBankAccount).toBe(true);
    expectStatus(await a.agent.delete(`/api/v1/ambassador_bank_accounts/${acc.id}`), 200);
    expectStatus(await a.agent.delete(`/api/v1/ambassador_bank_accounts/${acc.id}`), 404);
    expectStatus(await t.call('DELETE', `/api/v1/ambassador_bank_accounts/${acc.id}`), 401);
  });

  it('monthly statements: a closed month over the minimum is pending until an admin pays it', async () => {
    const a = await approvedAmbassador('Pay Day');
    const link = await newLink(a.agent);
    const visitor = await signUp('Pay Visitor');
    await visitor.agent.get(`/a/${link.id}`);
    const b = await book(visitor.agent, visitor.email);
    // Move the earning two months back and make it large enough to pay out.
    await t.db.update(affiliateCommissions).set({ amount: 7500, createdAt: sql`date_trunc('month', now()) - interval '40 days'` }).where(eq(affiliateCommissions.orderId, b.orderId));
    let p = PayoutsResponse.parse((await a.agent.get('/api/v1/ambassador/payouts')).body);
    expect(p.minimumPayout).toEqual({ amount: 50, currency: 'SGD' });
    expect(p.statements[0]).toMatchObject({ status: 'pending', payable: { amount: 75 } });
    expect(p.unpaidBalance.amount).toBe(75);
    const month = p.statements[0]!.month;
    expectStatus(await admin.post('/api/v1/admin/ambassador_payouts', { userId: a.id, month: 'May 2026' }), 422);
    expectStatus(await admin.post('/api/v1/admin/ambassador_payouts', { userId: a.id, month }), 201);
    expectStatus(await admin.post('/api/v1/admin/ambassador_payouts', { userId: a.id, month }), 409);
    p = PayoutsResponse.parse((await a.agent.get('/api/v1/ambassador/payouts')).body);
    expect(p.statements[0]).toMatchObject({ status: 'paid' });
    expect(p.unpaidBalance.amount).toBe(0);
  });

  it('answers 403 to users who are not approved ambassadors', async () => {
    const u = await signUp('Plain Traveller');
    for (const path of ['/api/v1/affiliate_links', '/api/v1/ambassador/performance', '/api/v1/ambassador/popular_products', '/api/v1/ambassador/payouts']) expectStatus(await u.agent.get(path), 403);
    expectStatus(await u.agent.post('/api/v1/ambassador_bank_accounts', { country: 'SG', accountHolder: 'Plain', bankName: 'DBS', accountNumber: '1234567890', routingCode: '7171081' }), 403);
  });
});
