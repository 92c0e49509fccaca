// The access matrix: every call of the route table that takes an id or acts for a user, tried as
// the owner, another traveller, a partner of another operator, an ambassador, a guest and an
// admin, each cell's answer asserted against ACCESS (access-table.ts). A route missing from the
// table fails. Then every state-changing call is sent as a cross-site page can send it (the
// session cookie, no bearer, no CSRF token, no payment token, a foreign Origin): all refused.
//
//   RELIABILITY_MATRIX_RECORD=1 prints what each cell answered (to write a new route's row).
import { afterAll, beforeAll, expect, test } from 'vitest';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { affiliateLinks, ambassadorBankAccounts, bucketListOptions, chatConversations, giftCodes, optionSeasons, orderItems, orders, supplierInvitations, users } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { ACCESS, CROSS_SITE_EXEMPT, type Expect, expectationsFor, MATRIX_ROLES, type MatrixRole, type Owner, type Row } from './access-table.ts';
import { castOf, type Caller, ensurePartnerB, fillPath, paramNames, routeKey, routeTable, type Route, send, writeSummary } from './harness.ts';

let t: TestApp;
let fx: { traveller: Record<string, string>; operator: Record<string, string>; ambassador: Record<string, string>; admin: Record<string, string>; none: Record<string, string> };

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

beforeAll(async () => {
  t = await createTestApp();
  const { opA } = await ensurePartnerB(t);
  const cast = await castOf(t);
  const owner = cast.owner.userId!;
  const [order] = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, owner)).limit(1);
  const [item] = await t.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, order!.id)).limit(1);
  const [opItem] = await t.db
    .select({ id: orderItems.id, optionId: orderItems.optionId })
    .from(orderItems)
    .innerJoin(sql`options o`, sql`o.id = ${orderItems.optionId}`)
    .where(and(sql`o.operator_id = ${opA.id}`, isNotNull(orderItems.orderId)))
    .limit(1);
  const [code] = await t.db.select({ id: giftCodes.id }).from(giftCodes).where(eq(giftCodes.holderUserId, owner)).limit(1);
  const [conv] = await t.db.select({ id: chatConversations.id }).from(chatConversations).where(eq(chatConversations.travellerId, owner)).limit(1);
  const [link] = await t.db.select({ id: affiliateLinks.id }).from(affiliateLinks).where(eq(affiliateLinks.userId, cast.ambassador.userId!)).limit(1);
  const [invitation] = await t.db.select({ id: supplierInvitations.id }).from(supplierInvitations).limit(1);
  // Records the owner makes through the API, as a traveller would.
  const list = await send(t, cast.owner, { method: 'POST', url: '/api/v1/bucket_lists', body: JSON.stringify({ name: 'Matrix list' }) });
  const listId = (list.json as { id: string }).id;
  const optionSlug = ((await t.db.execute(sql`select slug_code from options where operator_id = ${opA.id} limit 1`)) as unknown as { rows: { slug_code: string }[] }).rows[0]?.slug_code;
  const added = await send(t, cast.owner, { method: 'POST', url: '/api/v1/bucket_list_options', body: JSON.stringify({ bucket_list_id: listId, option_slug_code: optionSlug }) });
  const bank = await send(t, cast.ambassador, { method: 'POST', url: '/api/v1/ambassador_bank_accounts', body: JSON.stringify({ country: 'MY', account_holder: 'Amara A', bank_name: 'Maybank', account_number: '1234567890' }) });
  const list2 = await send(t, cast.owner, { method: 'POST', url: '/api/v1/bucket_lists', body: JSON.stringify({ name: 'Matrix list to delete' }) });
  const opBase = `/api/v1/partner/operators/${opA.slug}`;
  const season = await send(t, cast.partner, { method: 'POST', url: `${opBase}/options/${opItem!.optionId}/seasons`, body: JSON.stringify({ name: 'Monsoon', start_date: '2027-06-01', end_date: '2027-06-30', prices: { adult: 50, child: 40 } }) });
  const [seasonRow] = await t.db.select({ id: optionSeasons.id }).from(optionSeasons).limit(1);
  const invite = await send(t, cast.partner, { method: 'POST', url: `${opBase}/team/invitations`, body: JSON.stringify({ email: 'new.colleague@verdant.test' }) });
  const [teamInvitation] = await t.db.select({ id: supplierInvitations.id }).from(supplierInvitations).where(eq(supplierInvitations.email, 'new.colleague@verdant.test'));
  const listing = await send(t, cast.partner, { method: 'GET', url: `${opBase}/listings/${opItem!.optionId}` });
  const content = (listing.json as { listing?: { content?: Record<string, unknown> }; content?: Record<string, unknown> } | undefined);
  const current = content?.listing?.content ?? content?.content;
  const change = current ? await send(t, cast.partner, { method: 'POST', url: `${opBase}/listings/${opItem!.optionId}/changes`, body: JSON.stringify({ content: { ...current, summary: `${String(current['summary'] ?? '')} Now with lunch.` } }) }) : undefined;
  const [bankRow] = await t.db.select({ id: ambassadorBankAccounts.id }).from(ambassadorBankAccounts).where(eq(ambassadorBankAccounts.userId, cast.ambassador.userId!));
  const [partnerUser] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'partner@verdant.test'));
  const [addedItem] = await t.db.select({ id: bucketListOptions.id }).from(bucketListOptions).where(eq(bucketListOptions.bucketListId, listId)).limit(1);
  fx = {
    traveller: {
      id: order!.id,
      itemId: item?.id ?? 'x',
      giftCode: code?.id ?? 'none',
      conversation: conv?.id !== undefined ? String(conv.id) : 'none',
      bucketList: listId,
      bucketList2: (list2.json as { id: string }).id,
      bucketListOption: addedItem ? String(addedItem.id) : 'none',
      cartId: 'none',
    },
    operator: {
      slug: opA.slug,
      optionId: String(opItem!.optionId),
      id: opItem!.id,
      invitation: teamInvitation?.id ?? 'none',
      date: '2027-07-01',
      slot: 'all-day',
      month: new Date().toISOString().slice(0, 7),
      seasonId: String(seasonRow?.id ?? 1),
      userId: partnerUser!.id,
    },
    ambassador: { id: link?.id !== undefined ? String(link.id) : 'none', bank: bankRow?.id ?? 'none' },
    admin: { id: '1', unknownId: '999999', userId: cast.ambassador.userId!, revisionId: '1', kind: 'gift-card', month: '2026-01' },
    none: { id: 'no-such-record-0000', code: invitation?.id ?? 'none' },
  };
  if (process.env['RELIABILITY_MATRIX_RECORD']) console.log('[matrix] fixtures', JSON.stringify(fx), season.text.slice(0, 300), season.status, bank.status, added.status, invite.status, listing.status, change?.status, change?.text.slice(0, 300));
});

afterAll(async () => {
  await t?.close();
});

function pool(owner: Owner): Record<string, string> {
  return { ...fx.none, ...(owner === 'none' ? {} : fx[owner === 'partner' ? 'operator' : owner]) };
}

/** The row's body, its `$name` strings replaced by the fixture's value (a record made in beforeAll). */
function bodyOf(row: Row, values: Record<string, string>): string {
  return JSON.stringify(row.body ?? {}, (_k, v: unknown) => (typeof v === 'string' && v.startsWith('$') ? (values[v.slice(1)] ?? v) : v));
}

function paramsFor(route: Route, owner: Owner, fixture: string | undefined): Record<string, string> {
  const values = pool(owner);
  const out: Record<string, string> = {};
  for (const name of paramNames(route.path)) out[name] = (fixture && name === 'id' ? values[fixture] : undefined) ?? values[name] ?? 'no-such-record-0000';
  return out;
}

function matches(expected: Expect, status: number): boolean {
  if (expected === 'found') return status < 500 && ![401, 403, 404].includes(status);
  if (expected === 'reach') return status < 500 && ![401, 403].includes(status);
  if (expected === 'refused') return [401, 403, 404].includes(status);
  return status === expected;
}

test('every call that takes an id or acts for a user answers each caller as the table says', async () => {
  const routes = routeTable(t.app)
    // Deleting last, so a DELETE does not take another call's record away.
    .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
  const missing = routes.filter((r) => !ACCESS[routeKey(r)]).map(routeKey);
  const stale = Object.keys(ACCESS).filter((k) => !routes.some((r) => routeKey(r) === k));
  expect({ missing, stale }, 'every route of the table has a row in access-table.ts, and every row a route').toEqual({ missing: [], stale: [] });

  const record = !!process.env['RELIABILITY_MATRIX_RECORD'];
  const wrong: string[] = [];
  const observed: Record<string, Record<string, number>> = {};
  let cells = 0;
  for (const route of routes) {
    const row = ACCESS[routeKey(route)]!;
    const expectations = expectationsFor(row);
    observed[routeKey(route)] = {};
    // Others first, then the owner, then those who may do what the owner does (an admin; the
    // ambassador on the ambassador's own rows): after a DELETE, they find the record gone.
    const mayAct = (role: MatrixRole) => role === 'admin' || (role === 'ambassador' && row.owner === 'ambassador');
    const rank = (role: MatrixRole) => (role === 'owner' ? 1 : mayAct(role) ? 2 : 0);
    for (const role of [...MATRIX_ROLES].sort((a, b) => rank(a) - rank(b))) {
      if (route.method === 'DELETE' && mayAct(role) && expectations[role] === 'found') expectations[role] = 'reach';
      const cast = await castOf(t);
      const caller: Caller = role !== 'owner' ? cast[role] : row.owner === 'partner' ? cast.partner : row.owner === 'ambassador' ? cast.ambassador : row.owner === 'admin' ? cast.admin : cast.owner;
      const url = fillPath(route.path, paramsFor(route, row.owner, row.fixture));
      const body = MUTATING.has(route.method) ? bodyOf(row, pool(row.owner)) : undefined;
      const r = await send(t, caller, { method: route.method, url, body });
      cells++;
      observed[routeKey(route)]![role] = r.status;
      const expected = expectations[role];
      if (!matches(expected, r.status)) wrong.push(`${routeKey(route)} as ${role}: expected ${expected}, got ${r.status} ${r.text.slice(0, 120)}`);
    }
  }
  if (record) for (const [k, v] of Object.entries(observed)) console.log(`[matrix] ${k.padEnd(70)} ${MATRIX_ROLES.map((r) => `${r}=${v[r]}`).join(' ')}`);
  writeSummary('matrix', { routes: routes.length, cells, wrong });
  console.log(`[matrix] ${routes.length} routes, ${cells} cells, ${wrong.length} wrong answers`);
  expect(wrong).toEqual([]);
});

test('no state-changing call is made by a cross-site request riding the session cookie', async () => {
  const routes = routeTable(t.app).filter((r) => MUTATING.has(r.method) && !CROSS_SITE_EXEMPT[routeKey(r)]);
  expect(routes.length).toBeGreaterThan(100);
  const accepted: string[] = [];
  for (const route of routes) {
    const row = ACCESS[routeKey(route)];
    const cast = await castOf(t);
    const caller = row?.owner === 'partner' ? cast.partner : row?.owner === 'ambassador' ? cast.ambassador : row?.owner === 'admin' ? cast.admin : cast.owner;
    const url = fillPath(route.path, row ? paramsFor(route, row.owner, row.fixture) : {});
    const r = await send(t, caller, { method: route.method, url, body: row ? bodyOf(row, pool(row.owner)) : '{}' }, 'crossSite');
    if (r.status !== 401 && r.status !== 403) accepted.push(`${routeKey(route)}: ${r.status} ${r.text.slice(0, 120)}`);
  }
  writeSummary('cross-site', { routes: routes.length, accepted, exempt: Object.keys(CROSS_SITE_EXEMPT) });
  console.log(`[cross-site] ${routes.length} state-changing calls sent cross-site, ${accepted.length} accepted`);
  expect(accepted).toEqual([]);
});
