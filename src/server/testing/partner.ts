// The partner back-office tests' cast: partner@verdant.test's operator (A, Ubin Paddle Co.), the
// operator of another option (B, for the scoping matrix), and agents signed in as the partner, an
// admin and a traveller, plus a guest.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { operators, options } from '../db/schema.ts';
import { Agent } from './agent.ts';
import type { TestApp } from './test-app.ts';

export type Cast = { opA: { id: number; slug: string; email: string }; partner: Agent; admin: Agent; traveller: Agent; guest: Agent };

/** Operator A and the four agents, on addresses 198.51.100.{first…first+3}. */
export async function partnerCast(t: TestApp, first: number): Promise<Cast> {
  const [opA] = await t.db.select({ id: operators.id, slug: operators.slug, email: operators.contactEmail }).from(operators).where(eq(operators.slug, 'ubin-paddle-co'));
  const agent = async (k: number, email?: string) => {
    const a = new Agent(t, `198.51.100.${first + k}`);
    if (email) await a.login(email);
    return a;
  };
  return { opA: opA!, partner: await agent(0, 'partner@verdant.test'), admin: await agent(1, 'admin@verdant.test'), traveller: await agent(2, 'traveller@verdant.test'), guest: await agent(3) };
}

/** The operator of option `optionId` (operator B of the scoping tests). */
export async function operatorOf(db: Db, optionId: number): Promise<{ id: number; slug: string }> {
  const [b] = await db.select({ id: operators.id, slug: operators.slug }).from(operators).innerJoin(options, eq(options.operatorId, operators.id)).where(eq(options.id, optionId));
  return b!;
}
