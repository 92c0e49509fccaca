// The same gift code redeemed 20 times at once: exactly one success, balances never negative.
// `npm run test:pg` runs it on PostgreSQL (in .ci/run), where the requests really overlap.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditAccounts, creditEntries, giftCodes, users } from '../db/schema.ts';
import { Agent } from '../testing/agent.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { newGiftCode } from '../services/gifts/codes.ts';

let t: TestApp;
let hash: string;
beforeAll(async () => {
  t = await createTestApp();
  const [tess] = await t.db.select({ hash: users.passwordHash }).from(users).where(sql`lower(${users.email}) = 'traveller@verdant.test'`);
  hash = tess!.hash!;
});
afterAll(() => t.close());

async function members(count: number) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const id = `race-${i}-${randomUUID().slice(0, 8)}`;
      const email = `race.${i}.${id.slice(-8)}@example.com`;
      await t.db.insert(users).values({ id, email, name: `Racer ${i}`, passwordHash: hash, countryCode: 'SG' });
      const agent = new Agent(t, `198.51.100.${150 + i}`);
      await agent.login(email);
      return { id, agent };
    }),
  );
}

async function newCode(amount = 5000) {
  const id = randomUUID();
  const code = newGiftCode('GC');
  await t.db.insert(giftCodes).values({ id, code, amount, currency: 'SGD', senderName: 'Race', expiresAt: new Date(Date.now() + 86400_000) });
  return { id, code };
}

describe('one gift code, 20 redemptions at once', () => {
  it('20 people add the same code: exactly one holds it', async () => {
    const people = await members(20);
    const { id, code } = await newCode();
    const answers = await Promise.all(people.map((p) => p.agent.post('/api/v1/gift_codes', { code })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(19);
    const [row] = await t.db.select().from(giftCodes).where(eq(giftCodes.id, id));
    const winner = people.find((p) => p.id === row!.holderUserId)!;
    // The holder redeems it 20 times at once: one credit, once.
    const redeems = await Promise.all(Array.from({ length: 20 }, () => winner.agent.post(`/api/v1/gift_codes/${id}/redeem`)));
    expect(redeems.filter((a) => a.status === 200)).toHaveLength(1);
    expect(redeems.filter((a) => a.status === 422)).toHaveLength(19);
    const entries = await t.db.select().from(creditEntries).where(eq(creditEntries.reference, `gift_code:${id}`));
    expect(entries).toHaveLength(1);
    const balances = await t.db.select().from(creditAccounts).where(eq(creditAccounts.userId, winner.id));
    expect(balances).toEqual([expect.objectContaining({ currency: 'SGD', balance: 5000 })]);
    const [{ negative } = { negative: -1 }] = await t.db.select({ negative: sql<number>`count(*)::int` }).from(creditAccounts).where(sql`${creditAccounts.balance} < 0`);
    expect(negative).toBe(0);
  });
});
