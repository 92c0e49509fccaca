// /gift_codes: a code in another currency than the holder's credit shows its amount converted
// via SGD, with the rate used (issue 16, "amounts converted via SGD when the currencies differ").
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GiftCodeSchema, GiftCodesResponse } from '../../contract/accounts.ts';
import { exchangeRates, users } from '../db/schema.ts';
import { DEMO_GIFT_CODES } from '../db/seed/accounts.ts';
import { addCredit } from '../services/credits.ts';
import { Agent } from '../testing/agent.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let tess: Agent;
let ada: Agent;
beforeAll(async () => {
  t = await createTestApp();
  tess = new Agent(t, '198.51.100.21');
  await tess.login('traveller@verdant.test');
  ada = new Agent(t, '198.51.100.22');
  await ada.login('admin@verdant.test');
});
afterAll(() => t.close());

const heldCode = async (a: Agent) => {
  const r = await a.get('/api/v1/gift_codes');
  expect(r.status).toBe(200);
  const { giftCodes } = GiftCodesResponse.parse(r.body);
  return giftCodes.find((g) => g.code === DEMO_GIFT_CODES.held)!;
};

describe('gift codes converted via SGD', () => {
  it('shows no conversion while the code and the credit share a currency', async () => {
    const g = await heldCode(tess);
    expect(g.amount).toEqual({ amount: 50, currency: 'SGD' });
    expect(g.converted).toBeNull();
  });

  it('converts the amount into the credit currency at the SGD rate, in the list and the single code', async () => {
    const [tessRow] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'traveller@verdant.test'));
    await addCredit(t.db, { userId: tessRow!.id, amount: 1_000_000, currency: 'MYR', kind: 'gift_code', description: 'test: MYR credit', reference: 'test:myr-credit' });
    const [rate] = await t.db.select({ rate: exchangeRates.rate }).from(exchangeRates).where(and(eq(exchangeRates.fromCurrency, 'SGD'), eq(exchangeRates.toCurrency, 'MYR')));
    const r = Number(rate!.rate);
    const g = await heldCode(tess);
    expect(g.converted).toEqual({ amount: { amount: Math.round(50 * r * 100) / 100, currency: 'MYR' }, rate: r });
    const one = await tess.get(`/api/v1/gift_codes/${g.id}`);
    expect(GiftCodeSchema.parse(one.body).converted).toEqual(g.converted);
  });

  it('answers a code just added converted too, as the list shows it', async () => {
    const r = await tess.post('/api/v1/gift_codes', { code: DEMO_GIFT_CODES.unclaimed });
    expect(r.status).toBe(201);
    const added = GiftCodeSchema.parse(r.body);
    expect(added.converted?.amount.currency).toBe('MYR');
    const listed = GiftCodesResponse.parse((await tess.get('/api/v1/gift_codes')).body).giftCodes.find((g) => g.code === DEMO_GIFT_CODES.unclaimed);
    expect(added.converted).toEqual(listed?.converted);
  });

  it('answers 404 for another person’s code and 422 for a malformed id', async () => {
    const g = await heldCode(tess);
    expect((await ada.get(`/api/v1/gift_codes/${g.id}`)).status).toBe(404);
    expect((await tess.get('/api/v1/gift_codes/x')).status).toBe(422);
  });
});
