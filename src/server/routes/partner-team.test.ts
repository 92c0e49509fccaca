// An operator's team in the partner back-office (issue 15, item 6): who may see and manage it, an
// invitation that becomes a staff member at sign-up, an existing account added at once, and the
// last owner who cannot be removed.
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PartnerOperatorsResponse, PartnerTeamResponse } from '../../contract/partner.ts';
import { operators, options, outbox, partnerMemberships, supplierInvitations, users } from '../db/schema.ts';
import { Agent } from '../testing/agent.ts';
import { expectStatus, pickOption } from '../testing/booking.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let owner: Agent;
let admin: Agent;
let traveller: Agent;
let guest: Agent;
let opA: { id: number; slug: string; name: string };
let opB: { id: number; slug: string };
let ip = 0;
const agent = () => new Agent(t, `198.51.101.${++ip}`);

const team = (slug: string) => `/api/v1/partner/operators/${slug}/team`;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '300' });
  const [a] = await t.db.select({ id: operators.id, slug: operators.slug, name: operators.name }).from(operators).where(eq(operators.slug, 'ubin-paddle-co'));
  opA = a!;
  const other = await pickOption(t.db, [ne(options.operatorId, opA.id)]);
  const [b] = await t.db.select({ id: operators.id, slug: operators.slug }).from(operators).innerJoin(options, eq(options.operatorId, operators.id)).where(eq(options.id, other.id));
  opB = b!;
  owner = agent();
  await owner.login('partner@verdant.test');
  admin = agent();
  await admin.login('admin@verdant.test');
  traveller = agent();
  await traveller.login('traveller@verdant.test');
  guest = agent();
});
afterAll(() => t.close());

async function read(who: Agent, slug: string) {
  const r = await who.get(team(slug));
  expectStatus(r, 200);
  return PartnerTeamResponse.parse(r.body);
}

async function lastMailTo(email: string) {
  const [row] = await t.db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(desc(outbox.id)).limit(1);
  return row;
}

async function signUpWith(code: string, email: string) {
  const a = agent();
  const captcha = ((await a.get('/api/v1/captcha/challenge')).body as { token: string }).token;
  const r = await a.main('POST', '/users', { user: { name: 'Aisyah Colleague', email, password: 'mangrove1', passwordConfirmation: 'mangrove1', receiveNewletters: false }, captcha, code });
  expectStatus(r, 200);
  await a.login(email, 'mangrove1');
  return a;
}

describe('who may see and manage a team', () => {
  const calls = (slug: string): [string, string, unknown?][] => [
    ['GET', team(slug)],
    ['POST', `${team(slug)}/invitations`, { email: 'someone@example.com' }],
    ['DELETE', `${team(slug)}/invitations/abc`],
    ['DELETE', `${team(slug)}/members/abc`],
  ];

  it('answers 401 to a guest, 403 to a traveller, and 404 to a partner for another operator', async () => {
    for (const [method, path, body] of calls(opA.slug)) {
      expectStatus(await guest.call(method, path, { body }), 401);
      expectStatus(await traveller.call(method, path, { body }), 403);
    }
    for (const [method, path, body] of calls(opB.slug)) {
      const r = await owner.call(method, path, { body });
      expectStatus(r, 404);
      expect(r.body.error).toBe('Operator not found');
    }
    expect(await t.db.select().from(supplierInvitations).where(eq(supplierInvitations.email, 'someone@example.com'))).toHaveLength(0);
  });

  it('shows the owner their team and that they manage it; an admin manages any operator’s', async () => {
    const mine = await read(owner, opA.slug);
    expect(mine.canManage).toBe(true);
    expect(mine.members).toContainEqual(expect.objectContaining({ email: 'partner@verdant.test', role: 'owner', isYou: true }));
    const b = await read(admin, opB.slug);
    expect(b.canManage).toBe(true);
    expect(b.members.every((m) => !m.isYou)).toBe(true);
  });
});

describe('inviting and removing', () => {
  it('invites a new address by e-mail; signing up with the link makes a staff member, who sees the team but cannot manage it', async () => {
    const email = `aisyah.${Date.now()}@example.com`;
    const r = await owner.post(`${team(opA.slug)}/invitations`, { email: `  ${email} ` });
    expectStatus(r, 201);
    const invited = PartnerTeamResponse.parse(r.body).invitations.find((i) => i.email === email)!;
    expect(invited.role).toBe('staff');
    expect(Date.parse(invited.expiresAt) - Date.now()).toBeGreaterThan(13 * 86_400_000);
    const mail = await lastMailTo(email);
    expect(mail?.subject).toBe(`Farid Partner invited you to ${opA.name} on Verdant`);
    const link = /https?:\/\/\S+\/users\/signup\?code=([\w-]+)&redirect_path=%2Fpartner/.exec(mail!.body);
    expect(link?.[1]).toBe(invited.id);

    // Inviting again renews the same invitation and sends it again.
    expectStatus(await owner.post(`${team(opA.slug)}/invitations`, { email: email.toUpperCase() }), 201);
    expect((await read(owner, opA.slug)).invitations.filter((i) => i.email.toLowerCase() === email)).toHaveLength(1);

    const colleague = await signUpWith(invited.id, email);
    const theirs = PartnerOperatorsResponse.parse((await colleague.get('/api/v1/partner/operators')).body);
    expect(theirs.operators).toEqual([expect.objectContaining({ slug: opA.slug, role: 'staff' })]);
    const seen = await read(colleague, opA.slug);
    expect(seen.canManage).toBe(false);
    expect(seen.members).toContainEqual(expect.objectContaining({ email, role: 'staff', isYou: true }));
    expect(seen.invitations.map((i) => i.id)).not.toContain(invited.id);
    // Staff cannot invite or remove.
    for (const [method, path, body] of [
      ['POST', `${team(opA.slug)}/invitations`, { email: 'x@example.com' }],
      ['DELETE', `${team(opA.slug)}/members/${seen.members.find((m) => m.role === 'owner')!.userId}`],
    ] as const) {
      const refused = await colleague.call(method, path, { body });
      expectStatus(refused, 403);
      expect(refused.body.error).toBe('Only the operator’s owners manage its team');
    }

    // The owner removes them: they lose the back-office at once.
    const me = seen.members.find((m) => m.isYou)!;
    const removed = await owner.call('DELETE', `${team(opA.slug)}/members/${me.userId}`);
    expectStatus(removed, 200);
    expect(PartnerTeamResponse.parse(removed.body).members.map((m) => m.email)).not.toContain(email);
    expectStatus(await colleague.get(team(opA.slug)), 403);
    expectStatus(await owner.call('DELETE', `${team(opA.slug)}/members/${me.userId}`), 404);
  });

  it('adds an address that already has an account at once, tells them, and refuses to add them twice', async () => {
    const r = await owner.post(`${team(opA.slug)}/invitations`, { email: 'explorer@verdant.test' });
    expectStatus(r, 201);
    expect(PartnerTeamResponse.parse(r.body).members).toContainEqual(expect.objectContaining({ email: 'explorer@verdant.test', role: 'staff' }));
    expect((await lastMailTo('explorer@verdant.test'))?.subject).toBe(`You’re now in ${opA.name}’s team on Verdant`);
    const again = await owner.post(`${team(opA.slug)}/invitations`, { email: 'Explorer@verdant.test' });
    expectStatus(again, 409);
    expect(again.body.error).toBe(`explorer@verdant.test is already in ${opA.name}’s team`);
    const [explorer] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'explorer@verdant.test'));
    expectStatus(await owner.call('DELETE', `${team(opA.slug)}/members/${explorer!.id}`), 200);
  });

  it('withdraws an invitation, after which its link no longer works', async () => {
    const email = `withdrawn.${Date.now()}@example.com`;
    const invited = PartnerTeamResponse.parse((await owner.post(`${team(opA.slug)}/invitations`, { email })).body).invitations.find((i) => i.email === email)!;
    const r = await owner.call('DELETE', `${team(opA.slug)}/invitations/${invited.id}`);
    expectStatus(r, 200);
    expect(PartnerTeamResponse.parse(r.body).invitations.map((i) => i.id)).not.toContain(invited.id);
    expectStatus(await agent().get(`/api/v1/supplier_invitations/${invited.id}`), 404);
    expectStatus(await owner.call('DELETE', `${team(opA.slug)}/invitations/${invited.id}`), 404);
  });

  it('never removes the last owner, and two removals at once leave one', async () => {
    const [me] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'partner@verdant.test'));
    const last = await owner.call('DELETE', `${team(opA.slug)}/members/${me!.id}`);
    expectStatus(last, 409);
    expect(last.body.error).toBe(`${opA.name} needs at least one owner, so its last owner can’t be removed`);
    // Two owners of B (added directly), both removed by the admin at once: one stays.
    const two = await t.db.select({ id: users.id }).from(users).where(sql`${users.email} in ('explorer@verdant.test', 'traveller@verdant.test')`);
    await t.db.insert(partnerMemberships).values(two.map((u) => ({ userId: u.id, operatorId: opB.id, role: 'owner' as const }))).onConflictDoNothing();
    const owners = await t.db.select({ userId: partnerMemberships.userId }).from(partnerMemberships).where(and(eq(partnerMemberships.operatorId, opB.id), eq(partnerMemberships.role, 'owner')));
    expect(owners.length).toBeGreaterThanOrEqual(2);
    const answers = await Promise.all(owners.map((o) => admin.call('DELETE', `${team(opB.slug)}/members/${o.userId}`)));
    expect(answers.filter((a) => a.status === 409)).toHaveLength(1);
    const [{ n }] = (await t.db.select({ n: sql<number>`count(*)::int` }).from(partnerMemberships).where(and(eq(partnerMemberships.operatorId, opB.id), eq(partnerMemberships.role, 'owner')))) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('answers bad input with a clear 422, never 500', async () => {
    for (const [body, message] of [
      [{}, 'Please enter email'],
      [{ email: '   ' }, 'Please enter email'],
      [{ email: 'not-an-address' }, 'Email is invalid'],
      [{ email: `${'a'.repeat(250)}@example.com` }, 'At most 254 characters'],
      [{ email: 42 }, 'Please enter email'],
    ] as const) {
      const r = await owner.post(`${team(opA.slug)}/invitations`, body);
      expectStatus(r, 422);
      expect(r.body.fields?.['email']).toBe(message);
    }
    expectStatus(await owner.call('DELETE', `${team(opA.slug)}/members/${'x'.repeat(65)}`), 422);
    expectStatus(await owner.call('POST', `${team(opA.slug)}/invitations`, { rawBody: '{nope', headers: { 'content-type': 'application/json' } }), 422);
  });
});
