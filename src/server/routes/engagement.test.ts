import { desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ContactResponse,
  CookieConsentCountResponse,
  CorporateInquiryResponse,
  SubscribeResponse,
} from '../../contract/engagement.ts';
import { contactMessages, cookieConsentCounts, corporateInquiries, newsletterSubscriptions, outbox } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { LIMITS, reference, TEAM_INBOX } from './engagement.ts';

let t: TestApp;
let ipSeq = 0;
/** Each test gets its own address, so the per-IP buckets never leak between tests. */
const nextIp = () => `198.18.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '300' }); // the default, so the route budgets are the real ones
});
afterAll(() => t.close());

const rawFields = (r: { raw: unknown }) => (r.raw as { fields?: Record<string, string> }).fields ?? {};

describe('POST /subscribes', () => {
  it('subscribes a new address, then answers existed for the same address in any case', async () => {
    const ip = nextIp();
    const first = await t.post('/api/v1/subscribes', { email: 'Wren.Fisher@example.com', source: 'footer' }, { ip, headers: { 'cf-ipcountry': 'my' } });
    expect(first.status).toBe(200);
    expect(SubscribeResponse.parse(first.body)).toEqual({ status: 'subscribed' });
    expect(first.raw).toEqual({ status: 'subscribed' });

    const again = await t.post('/api/v1/subscribes', { email: '  wren.fisher@EXAMPLE.com ' }, { ip });
    expect(again.status).toBe(200);
    expect(again.raw).toEqual({ status: 'existed' });

    const rows = await t.db.select().from(newsletterSubscriptions).where(sql`lower(${newsletterSubscriptions.email}) = 'wren.fisher@example.com'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'Wren.Fisher@example.com', source: 'footer', countryCode: 'MY' });
  });

  it('defaults the source to the pop-up and stores no country without the geo header', async () => {
    const r = await t.post('/api/v1/subscribes', { email: 'popup.only@example.com' }, { ip: nextIp() });
    expect(r.raw).toEqual({ status: 'subscribed' });
    const [row] = await t.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, 'popup.only@example.com'));
    expect(row).toMatchObject({ source: 'popup', countryCode: null });
  });

  it('subscribes again someone who had unsubscribed', async () => {
    const ip = nextIp();
    await t.post('/api/v1/subscribes', { email: 'came.back@example.com' }, { ip });
    await t.db.update(newsletterSubscriptions).set({ unsubscribedAt: new Date() }).where(eq(newsletterSubscriptions.email, 'came.back@example.com'));
    const r = await t.post('/api/v1/subscribes', { email: 'Came.Back@example.com' }, { ip });
    expect(r.raw).toEqual({ status: 'subscribed' });
    const [row] = await t.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, 'came.back@example.com'));
    expect(row!.unsubscribedAt).toBeNull();
    expect((await t.post('/api/v1/subscribes', { email: 'came.back@example.com' }, { ip })).raw).toEqual({ status: 'existed' });
  });

  it.each([
    ['missing', {}, 'Please enter email'],
    ['empty', { email: '' }, 'Please enter email'],
    ['blank', { email: '   ' }, 'Please enter email'],
    ['not a string', { email: 42 }, 'Please enter email'],
    ['malformed', { email: 'wren@' }, 'Email is invalid'],
    ['without a domain dot', { email: 'wren at example.com' }, 'Email is invalid'],
    ['too long', { email: `${'a'.repeat(250)}@example.com` }, 'Email is invalid'],
  ])('answers 422 for an email that is %s', async (_what, body, message) => {
    const r = await t.post('/api/v1/subscribes', body, { ip: nextIp() });
    expect(r.status).toBe(422);
    expect(rawFields(r)).toEqual({ email: message });
    expect(r.body.error).toContain(message);
  });

  it('answers 422 for an unknown source', async () => {
    const r = await t.post('/api/v1/subscribes', { email: 'source@example.com', source: 'spam' }, { ip: nextIp() });
    expect(r.status).toBe(422);
    expect(rawFields(r)).toHaveProperty('source');
  });

  it('answers 422 for broken JSON', async () => {
    const r = await t.call('POST', '/api/v1/subscribes', { rawBody: '{"email": "x@', ip: nextIp() });
    expect(r.status).toBe(422);
    expect(r.body.error).toBe('Malformed JSON body');
  });

  it('needs the storefront key', async () => {
    const r = await t.post('/api/v1/subscribes', { email: 'nokey@example.com' }, { ip: nextIp(), auth: false });
    expect(r.status).toBe(401);
  });

  it(`answers 429 with Retry-After after ${LIMITS.subscribes} sign-ups a minute from one address, not for others`, async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.subscribes; i++) {
      statuses.push((await t.post('/api/v1/subscribes', { email: `flood${i}@example.com` }, { ip })).status);
    }
    expect(statuses.slice(0, LIMITS.subscribes).every((s) => s === 200)).toBe(true);
    const blocked = await t.post('/api/v1/subscribes', { email: 'one-more@example.com' }, { ip });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.body.error).toBe('You are browsing the site too quick. Please try again after a few minutes');
    expect((await t.post('/api/v1/subscribes', { email: 'other-ip@example.com' }, { ip: nextIp() })).status).toBe(200);
  });

  it('never tells one visitor anything about the addresses of others', async () => {
    await t.post('/api/v1/subscribes', { email: 'private.person@example.com' }, { ip: nextIp() });
    const r = await t.post('/api/v1/subscribes', { email: 'PRIVATE.person@example.com' }, { ip: nextIp() });
    expect(Object.keys(r.raw as object)).toEqual(['status']);
    expect(JSON.stringify(r.raw)).not.toMatch(/example\.com|id|created/);
  });
});

describe('POST /cookie_consents/count', () => {
  const accept = { choice: 'accept_all', necessary_cookie: true, performance_cookie: true, functional_cookie: true, targeting_cookie: true };
  const custom = { choice: 'custom', necessary_cookie: true, performance_cookie: true, functional_cookie: false, targeting_cookie: false };
  const day = () => new Date().toISOString().slice(0, 10);

  async function tally(choice: 'accept_all' | 'custom', performance: boolean, functional: boolean, targeting: boolean) {
    const rows = await t.db.select().from(cookieConsentCounts).where(
      sql`${cookieConsentCounts.day} = ${day()} and ${cookieConsentCounts.choice} = ${choice} and ${cookieConsentCounts.performance} = ${performance} and ${cookieConsentCounts.functional} = ${functional} and ${cookieConsentCounts.targeting} = ${targeting}`,
    );
    return rows[0]?.count ?? 0;
  }

  it('adds one to the day’s tally of that exact choice', async () => {
    const beforeAccept = await tally('accept_all', true, true, true);
    const beforeCustom = await tally('custom', true, false, false);
    const r = await t.post('/api/v1/cookie_consents/count', accept, { ip: nextIp() });
    expect(r.status).toBe(200);
    expect(CookieConsentCountResponse.parse(r.body)).toEqual({ counted: true });
    await t.post('/api/v1/cookie_consents/count', accept, { ip: nextIp() });
    await t.post('/api/v1/cookie_consents/count', custom, { ip: nextIp() });
    expect(await tally('accept_all', true, true, true)).toBe(beforeAccept + 2);
    expect(await tally('custom', true, false, false)).toBe(beforeCustom + 1);
  });

  it('keeps nothing about the visitor', async () => {
    const columns = Object.keys(getTableColumns(cookieConsentCounts));
    expect(columns.sort()).toEqual(['choice', 'count', 'day', 'functional', 'performance', 'targeting'].sort());
  });

  it.each([
    ['necessary turned off', { ...custom, necessary_cookie: false }, 'necessary_cookie'],
    ['an unknown choice', { ...custom, choice: 'maybe' }, 'choice'],
    ['a missing category', { choice: 'custom', necessary_cookie: true, performance_cookie: true, functional_cookie: true }, 'targeting_cookie'],
    ['a category that is not a boolean', { ...custom, performance_cookie: 'yes' }, 'performance_cookie'],
  ])('answers 422 for %s', async (_what, body, field) => {
    const r = await t.post('/api/v1/cookie_consents/count', body, { ip: nextIp() });
    expect(r.status).toBe(422);
    expect(rawFields(r)).toHaveProperty(field);
  });

  it('answers 422 for broken JSON', async () => {
    const r = await t.call('POST', '/api/v1/cookie_consents/count', { rawBody: 'choice=accept_all', ip: nextIp() });
    expect(r.status).toBe(422);
  });
});

describe('POST /contact', () => {
  const message = {
    name: 'Mei Lin Tan',
    email: 'meilin@example.com',
    topic: 'booking',
    message: 'Can we bring our own snorkelling masks on the reef trip?',
    booking_reference: 'VD-4471',
  };

  it('stores the message, mails the traveller and the team, and answers a reference', async () => {
    const r = await t.post('/api/v1/contact', message, { ip: nextIp() });
    expect(r.status).toBe(201);
    const body = ContactResponse.parse(r.body);
    expect(body.reference).toMatch(/^C-\d{6}$/);
    expect(Object.keys(r.raw as object).sort()).toEqual(['received', 'reference']);

    const id = Number(body.reference.slice(2));
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row).toMatchObject({ name: 'Mei Lin Tan', email: 'meilin@example.com', topic: 'booking', bookingReference: 'VD-4471' });

    const mails = await t.db.select().from(outbox).where(sql`${outbox.subject} like ${`%${body.reference}%`}`).orderBy(outbox.id);
    expect(mails.map((m) => [m.channel, m.recipient])).toEqual([
      ['mail', 'meilin@example.com'],
      ['mail', TEAM_INBOX],
    ]);
    expect(mails[0]!.body).toContain(body.reference);
    expect(mails[1]!.body).toContain('meilin@example.com');
    expect(mails[1]!.body).toContain('snorkelling masks');
  });

  it('gives every message its own reference', async () => {
    const a = ContactResponse.parse((await t.post('/api/v1/contact', message, { ip: nextIp() })).body);
    const b = ContactResponse.parse((await t.post('/api/v1/contact', { ...message, email: 'someone.else@example.com' }, { ip: nextIp() })).body);
    expect(a.reference).not.toBe(b.reference);
  });

  it.each([
    ['name', { name: '' }, 'Please enter your name'],
    ['name', { name: undefined }, 'Please enter your name'],
    ['email', { email: '' }, 'Please enter email'],
    ['email', { email: 'meilin@' }, 'Email is invalid'],
    ['topic', { topic: 'gossip' }, 'Please choose a topic'],
    ['message', { message: 'Hi' }, 'Please tell us a little more (at least 10 characters)'],
    ['booking_reference', { booking_reference: 'x'.repeat(41) }, undefined],
  ])('answers 422 naming %s', async (field, patch, text) => {
    const r = await t.post('/api/v1/contact', { ...message, ...patch }, { ip: nextIp() });
    expect(r.status).toBe(422);
    const fields = rawFields(r);
    expect(Object.keys(fields)).toEqual([field]);
    if (text) expect(fields[field]).toBe(text);
  });

  it('answers 422 for broken JSON and stores nothing', async () => {
    const [before] = await t.db.select({ n: sql<number>`count(*)::int` }).from(contactMessages);
    const r = await t.call('POST', '/api/v1/contact', { rawBody: '{"name": "Mei"', ip: nextIp() });
    expect(r.status).toBe(422);
    const [after] = await t.db.select({ n: sql<number>`count(*)::int` }).from(contactMessages);
    expect(after!.n).toBe(before!.n);
  });

  it('answers 429 past its per-IP budget', async () => {
    const ip = nextIp();
    for (let i = 0; i < LIMITS.contact; i++) expect((await t.post('/api/v1/contact', message, { ip })).status).toBe(201);
    expect((await t.post('/api/v1/contact', message, { ip })).status).toBe(429);
  });
});

describe('POST /corporate-inquiries', () => {
  const inquiry = {
    name: 'Arjun Mehta',
    email: 'arjun@northwind.example',
    company: 'Northwind Traders',
    phone_number: '+65 6123 4567',
    group_size: '24',
    preferred_dates: 'Second half of March',
    destinations: ['Borneo', 'Langkawi'],
    budget_per_person: 450,
    budget_currency: 'SGD',
    message: 'An offsite with one day of volunteering.',
  };

  it('stores the inquiry, mails both sides, and answers a CI reference', async () => {
    const r = await t.post('/api/v1/corporate-inquiries', inquiry, { ip: nextIp() });
    expect(r.status).toBe(201);
    const body = CorporateInquiryResponse.parse(r.body);
    expect(body.reference).toMatch(/^CI-\d{6}$/);
    expect(Object.keys(r.raw as object).sort()).toEqual(['received', 'reference']);

    const [row] = await t.db.select().from(corporateInquiries).where(eq(corporateInquiries.id, Number(body.reference.slice(3))));
    expect(row).toMatchObject({ company: 'Northwind Traders', groupSize: 24, destinations: ['Borneo', 'Langkawi'], budgetPerPerson: 450, budgetCurrency: 'SGD' });

    const mails = await t.db.select().from(outbox).where(sql`${outbox.subject} like ${`%${body.reference}%`}`).orderBy(outbox.id);
    expect(mails.map((m) => m.recipient)).toEqual(['arjun@northwind.example', TEAM_INBOX]);
    expect(mails[1]!.body).toContain('+65 6123 4567');
    expect(mails[1]!.subject).toContain('24 people');
  });

  it('takes the minimum: name, email, company and group size', async () => {
    const r = await t.post('/api/v1/corporate-inquiries', { name: 'Sam', email: 'sam@example.com', company: 'Acme', group_size: 8 }, { ip: nextIp() });
    expect(r.status).toBe(201);
    const [row] = await t.db.select().from(corporateInquiries).orderBy(desc(corporateInquiries.id)).limit(1);
    expect(row).toMatchObject({ phoneNumber: null, preferredDates: '', destinations: [], budgetPerPerson: null, message: '' });
  });

  it.each([
    ['name', { name: ' ' }, 'Please enter your name'],
    ['email', { email: undefined }, 'Please enter email'],
    ['email', { email: 'arjun.northwind' }, 'Email is invalid'],
    ['company', { company: '' }, 'Please enter your company'],
    ['group_size', { group_size: 0 }, 'At least 1 person'],
    ['group_size', { group_size: 2.5 }, 'Please enter a whole number'],
    ['group_size', { group_size: 'many' }, undefined],
    ['budget_currency', { budget_currency: 'dollars' }, undefined],
    ['destinations', { destinations: 'Borneo' }, undefined],
  ])('answers 422 naming %s', async (field, patch, text) => {
    const r = await t.post('/api/v1/corporate-inquiries', { ...inquiry, ...patch }, { ip: nextIp() });
    expect(r.status).toBe(422);
    const fields = rawFields(r);
    expect(Object.keys(fields)).toEqual([field]);
    if (text) expect(fields[field]).toBe(text);
  });

  it('answers 422 for broken JSON', async () => {
    const r = await t.call('POST', '/api/v1/corporate-inquiries', { rawBody: '[', ip: nextIp() });
    expect(r.status).toBe(422);
  });

  it('answers 429 past its per-IP budget', async () => {
    const ip = nextIp();
    for (let i = 0; i < LIMITS.corporate; i++) expect((await t.post('/api/v1/corporate-inquiries', inquiry, { ip })).status).toBe(201);
    expect((await t.post('/api/v1/corporate-inquiries', inquiry, { ip })).status).toBe(429);
  });
});

describe('route budgets', () => {
  it('grow with RATE_LIMIT_PER_MINUTE (e.g. a test run whose requests all come from one address)', async () => {
    const roomy = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3000' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < LIMITS.contact * 2; i++) {
        statuses.push((await roomy.post('/api/v1/contact', { name: 'Sam', email: 'sam@example.com', topic: 'other', message: 'Budget check, please ignore.' }, { ip: '198.19.0.1' })).status);
      }
      expect(statuses.every((s) => s === 201)).toBe(true);
    } finally {
      await roomy.close();
    }
  });
});

describe('reference', () => {
  it.each([
    ['C', 123, 'C-000123'],
    ['CI', 45, 'CI-000045'],
    ['C', 1234567, 'C-1234567'],
  ] as const)('%s %i → %s', (prefix, id, expected) => expect(reference(prefix, id)).toBe(expected));
});
