import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../testing/test-app.ts';
import { addCredit, balanceOf, historyOf, InsufficientCreditError, spendCredit } from './credits.ts';

let database: Database;
const userId = 'credit-test-user-0001';

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.insert(users).values({ id: userId, email: 'ledger@example.com', name: 'Led Ger' });
});
afterAll(() => database.close());

describe('credit ledger', () => {
  it('adds and spends per currency, recording the balance after each entry', async () => {
    const db = database.db;
    await addCredit(db, { userId, amount: 1500, currency: 'SGD', kind: 'adjustment', description: 'Goodwill' });
    await addCredit(db, { userId, amount: 1000, currency: 'USD', kind: 'adjustment', description: 'Goodwill' });
    const spent = await spendCredit(db, { userId, amount: 500, currency: 'SGD', description: 'Order V-1', reference: 'order:1' });
    expect(spent.balance).toBe(1000);
    expect(await balanceOf(db, userId, 'SGD')).toBe(1000);
    expect(await balanceOf(db, userId, 'USD')).toBe(1000);
    const { rows } = await historyOf(db, userId, 1, 10);
    expect(rows.map((r) => [r.amount, r.balanceAfter])).toEqual([[-500, 1000], [1000, 1000], [1500, 1500]]);
  });

  it('never goes negative: an overdraw throws and changes nothing', async () => {
    const db = database.db;
    const before = await historyOf(db, userId, 1, 100);
    await expect(spendCredit(db, { userId, amount: 1001, currency: 'SGD', description: 'Too much' })).rejects.toBeInstanceOf(InsufficientCreditError);
    await expect(spendCredit(db, { userId, amount: 1, currency: 'EUR', description: 'No EUR' })).rejects.toBeInstanceOf(InsufficientCreditError);
    expect(await balanceOf(db, userId, 'SGD')).toBe(1000);
    expect((await historyOf(db, userId, 1, 100)).total).toBe(before.total);
  });

  it('inside a caller transaction, a failed spend rolls back with it', async () => {
    const db = database.db;
    await expect(
      db.transaction(async (tx) => {
        await spendCredit(tx, { userId, amount: 400, currency: 'SGD', description: 'Part one' });
        await spendCredit(tx, { userId, amount: 700, currency: 'SGD', description: 'Part two' });
      }),
    ).rejects.toBeInstanceOf(InsufficientCreditError);
    expect(await balanceOf(db, userId, 'SGD')).toBe(1000);
  });

  it('applies a reference once per kind (idempotent)', async () => {
    const db = database.db;
    const first = await spendCredit(db, { userId, amount: 100, currency: 'SGD', description: 'Order V-2', reference: 'order:2' });
    const again = await spendCredit(db, { userId, amount: 100, currency: 'SGD', description: 'Order V-2', reference: 'order:2' });
    expect(first.applied).toBe(true);
    expect(again.applied).toBe(false);
    expect(await balanceOf(db, userId, 'SGD')).toBe(900);
  });

  it('concurrent spends never overdraw', async () => {
    const db = database.db;
    const results = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => spendCredit(db, { userId, amount: 300, currency: 'SGD', description: `Race ${i}` })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(await balanceOf(db, userId, 'SGD')).toBe(0);
  });

  it('refuses nonsense amounts and currencies', async () => {
    const db = database.db;
    await expect(addCredit(db, { userId, amount: 0, currency: 'SGD', kind: 'adjustment', description: 'x' })).rejects.toThrow();
    await expect(addCredit(db, { userId, amount: 1.5, currency: 'SGD', kind: 'adjustment', description: 'x' })).rejects.toThrow();
    await expect(addCredit(db, { userId, amount: 100, currency: 'sgd', kind: 'adjustment', description: 'x' })).rejects.toThrow();
  });
});
