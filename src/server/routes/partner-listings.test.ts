// An operator's listings (issue 15, item 2; ADR 0032): prices live at once (the quote changes on
// the next call, the pages are republished, an editor's open draft is told), content through
// Verdant's review (nothing public moves until an admin approves; approving puts it live and
// e-mails the operator; declining sends the reason), and who may call what.
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminExperienceSchema } from '../../contract/admin.ts';
import { ListingChangeList, ListingChangeResponse, PartnerListingResponse, PartnerListingsResponse, type ListingContent } from '../../contract/partner.ts';
import { contentRevisions, listingChanges, optionRooms, options, outbox, partnerMemberships, publishRuns, users } from '../db/schema.ts';
import type { Agent } from '../testing/agent.ts';
import { expectStatus, pickOption, type OptionPick } from '../testing/booking.ts';
import { operatorOf, partnerCast } from '../testing/partner.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let partner: Agent;
let admin: Agent;
let traveller: Agent;
let guest: Agent;
let opA: { id: number; slug: string; email: string };
let opB: { id: number; slug: string };
let optA: OptionPick;
let optB: OptionPick;

const L = (slug: string, id?: number | string) => `/api/v1/partner/operators/${slug}/listings${id === undefined ? '' : `/${id}`}`;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '300' });
  ({ opA, partner, admin, traveller, guest } = await partnerCast(t, 120));
  const perPerson = [eq(options.priceUnit, 'per_person'), eq(options.priceCurrency, 'SGD')];
  optA = await pickOption(t.db, [eq(options.operatorId, opA.id), ...perPerson]);
  optB = await pickOption(t.db, [ne(options.operatorId, opA.id), ...perPerson]);
  opB = await operatorOf(t.db, optB.id);
});
afterAll(() => t.close());

async function listing(who: Agent, id = optA.id) {
  const r = await who.get(L(opA.slug, id));
  expectStatus(r, 200);
  return PartnerListingResponse.parse(r.body).listing;
}

const quote = async (slug: string) => {
  const r = await t.get(`/api/v1/options/${slug}/prices?quantity=2`);
  expectStatus(r, 200);
  return (r.body as { subtotal: { amount: number } }).subtotal.amount;
};

const publicName = async (slug: string) => ((await t.get(`/api/v1/options/${slug}`)).body as { name: string }).name;

async function lastMailTo(email: string) {
  const [row] = await t.db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(desc(outbox.id)).limit(1);
  return row;
}

describe('who may call the listing calls', () => {
  const partnerCalls = (slug: string, id: number): [string, string, unknown?][] => [
    ['GET', L(slug)],
    ['GET', L(slug, id)],
    ['PUT', `${L(slug, id)}/prices`, { prices: { adult: 100, child: null, localAdult: null, localChild: null, group: null, groupIncludedPax: null, additionalPax: null, minPax: null }, rooms: [] }],
    ['POST', `${L(slug, id)}/changes`, { content: {} }],
    ['DELETE', `${L(slug, id)}/changes`],
  ];
  const adminCalls: [string, string, unknown?][] = [
    ['GET', '/api/v1/admin/listing_changes'],
    ['POST', '/api/v1/admin/listing_changes/1/approve', {}],
    ['POST', '/api/v1/admin/listing_changes/1/decline', { note: 'No' }],
  ];

  it('answers 401 to a guest, 403 to a traveller, and 404 to a partner for another operator or its experience', async () => {
    for (const [method, path, body] of partnerCalls(opA.slug, optA.id)) {
      expectStatus(await guest.call(method, path, { body }), 401);
      expectStatus(await traveller.call(method, path, { body }), 403);
    }
    for (const [method, path, body] of partnerCalls(opB.slug, optB.id)) {
      const r = await partner.call(method, path, { body });
      expectStatus(r, 404);
      expect(r.body.error).toBe('Operator not found');
    }
    // Operator A's address with operator B's experience: not found, and nothing changed.
    const before = await quote(optB.slugCode);
    for (const [method, path, body] of partnerCalls(opA.slug, optB.id).slice(1)) {
      const r = await partner.call(method, path, { body });
      expect([404, 422]).toContain(r.status);
      if (r.status === 404) expect(r.body.error).toBe('Experience not found');
    }
    expect(await quote(optB.slugCode)).toBe(before);
  });

  it('keeps the review to Verdant admins: 401 to a guest, 403 to a traveller and to a partner', async () => {
    for (const [method, path, body] of adminCalls) {
      expectStatus(await guest.call(method, path, { body }), 401);
      expectStatus(await traveller.call(method, path, { body }), 403);
      expectStatus(await partner.call(method, path, { body }), 403);
    }
  });
});

describe('listings', () => {
  it('lists only the operator’s experiences, with their from-price', async () => {
    const r = await partner.get(L(opA.slug));
    expectStatus(r, 200);
    const { listings } = PartnerListingsResponse.parse(r.body);
    const ours = await t.db.select({ id: options.id }).from(options).where(and(eq(options.operatorId, opA.id), sql`${options.deletedAt} is null`));
    expect(listings.map((l) => l.id).sort()).toEqual(ours.map((o) => o.id).sort());
    const row = listings.find((l) => l.id === optA.id)!;
    expect(row.fromPrice?.currency).toBe('SGD');
    expect(row.fromPrice?.amount).toBeGreaterThan(0);
  });
});

describe('prices: live at once', () => {
  it('changes the quote on the next call, republishes the page, and tells an editor whose draft is open', async () => {
    const x = await listing(partner);
    const opened = AdminExperienceSchema.parse((await admin.get(`/api/v1/admin/experiences/${optA.id}`)).body);
    const before = await quote(optA.slugCode);
    const runsBefore = (await t.db.select({ id: publishRuns.id }).from(publishRuns)).length;
    const adult = (x.prices.adult ?? 0) + 1000;
    const r = await partner.call('PUT', `${L(opA.slug, optA.id)}/prices`, { body: { prices: { ...x.prices, adult }, rooms: [] } });
    expectStatus(r, 200);
    expect(PartnerListingResponse.parse(r.body).listing.prices.adult).toBe(adult);
    // The quote is in the currency's major unit: 10.00 SGD more a guest, two guests.
    expect(await quote(optA.slugCode)).toBe(before + 2 * 10);
    expect((await t.db.select({ id: publishRuns.id }).from(publishRuns)).length).toBe(runsBefore + 1);
    const [rev] = await t.db.select().from(contentRevisions).where(and(eq(contentRevisions.type, 'options'), eq(contentRevisions.key, String(optA.id)))).orderBy(desc(contentRevisions.id)).limit(1);
    expect(rev!.action).toBe('operator_change');
    expect(rev!.changedFields).toEqual(['prices.adult']);
    expect(rev!.note).toContain('Prices changed by');
    // The editor who had it open is refused with who changed it, and the draft has the new price.
    const stale = await admin.call('PUT', `/api/v1/admin/experiences/${optA.id}/draft`, { body: { version: opened.version, draft: { ...opened.draft, summary: 'An editor’s summary' } } });
    expectStatus(stale, 409);
    expect(stale.body.error).toContain('after you opened it');
    const now = AdminExperienceSchema.parse((await admin.get(`/api/v1/admin/experiences/${optA.id}`)).body);
    expect(now.draft.prices.adult).toBe(adult);
    expect(now.status).toBe('published');
  });

  it('saving the same prices changes nothing', async () => {
    const x = await listing(partner);
    const runsBefore = (await t.db.select({ id: publishRuns.id }).from(publishRuns)).length;
    expectStatus(await partner.call('PUT', `${L(opA.slug, optA.id)}/prices`, { body: { prices: x.prices, rooms: [] } }), 200);
    expect((await t.db.select({ id: publishRuns.id }).from(publishRuns)).length).toBe(runsBefore);
  });

  it('refuses bad prices with the field, and nothing changes', async () => {
    const x = await listing(partner);
    const before = await quote(optA.slugCode);
    const negative = await partner.call('PUT', `${L(opA.slug, optA.id)}/prices`, { body: { prices: { ...x.prices, adult: -5 }, rooms: [] } });
    expectStatus(negative, 422);
    expect(Object.keys(negative.body.fields ?? {})).toEqual(['prices.adult']);
    const none = await partner.call('PUT', `${L(opA.slug, optA.id)}/prices`, { body: { prices: { ...x.prices, adult: null, localAdult: null }, rooms: [] } });
    expectStatus(none, 422);
    expect(none.body.fields).toEqual({ 'prices.adult': 'A per-person experience needs an adult price' });
    const rooms = await partner.call('PUT', `${L(opA.slug, optA.id)}/prices`, { body: { prices: x.prices, rooms: [{ id: 1, pricePerNight: 100 }] } });
    expectStatus(rooms, 422);
    expect(rooms.body.fields).toEqual({ rooms: 'Only stays have room prices' });
    expectStatus(await partner.call('PUT', `${L(opA.slug, optA.id)}/prices`, { body: { rooms: [] } }), 422);
    expect(await quote(optA.slugCode)).toBe(before);
  });
});

describe('footprint facts (ADR 0044): the operator records them, Verdant reviews them', () => {
  it('a change of transport and lodging waits, then goes live with the figure the sort reads', async () => {
    const x = await listing(partner);
    const footprint = { legs: [{ mode: 'boat' as const, km: 30 }], lodging: null };
    const bad = await partner.call('POST', `${L(opA.slug, optA.id)}/changes`, { body: { content: { ...x.content, footprint: { legs: [{ mode: 'rocket', km: 5 }], lodging: null } } } });
    expectStatus(bad, 422);
    expect((bad.raw as { fields: Record<string, string> }).fields['content.footprint.legs.0.mode']).toBe('Choose a kind of transport from the list');
    const sent = await partner.call('POST', `${L(opA.slug, optA.id)}/changes`, { body: { content: { ...x.content, footprint } } });
    expectStatus(sent, 201);
    expect(PartnerListingResponse.parse(sent.body).listing.pending!.changes.map((c) => c.field)).toEqual(['footprint']);
    const change = ListingChangeList.parse((await admin.get('/api/v1/admin/listing_changes')).body).changes.find((c) => c.experience.id === optA.id)!;
    expectStatus(await admin.call('POST', `/api/v1/admin/listing_changes/${change.id}/approve`, { body: {} }), 200);
    const [row] = await t.db.select({ legs: options.footprintLegs, lodging: options.lodgingType, grams: options.footprintGrams }).from(options).where(eq(options.id, optA.id));
    // A boat for two: 30 km × 0.01871 kg per passenger-km = 0.5613 kg each.
    expect(row).toEqual({ legs: [{ km: 30, mode: 'boat' }], lodging: null, grams: 561 });
    expect((await listing(partner)).content.footprint).toEqual(footprint);
  });
});

describe('content: through Verdant’s review', () => {
  const otherPolicy = (c: ListingContent) => (c.cancelType === 'strict' ? 'standard' : 'strict');
  const edited = (c: ListingContent, name: string): ListingContent => ({ ...c, name, inclusions: [...c.inclusions, 'Dry bag for your phone'], cancelType: otherPolicy(c) });

  it('waits for an admin; approving puts the changed fields live, republishes and tells the operator', async () => {
    const x = await listing(partner);
    const name = `${x.content.name} at dawn`;
    const sent = await partner.call('POST', `${L(opA.slug, optA.id)}/changes`, { body: { content: edited(x.content, name) } });
    expectStatus(sent, 201);
    const pending = PartnerListingResponse.parse(sent.body).listing.pending!;
    expect(pending.status).toBe('pending');
    expect(pending.changes.map((c) => c.field)).toEqual(['name', 'inclusions', 'cancelType']);
    expect(await publicName(optA.slugCode)).toBe(x.content.name);

    // Meanwhile an editor changes the summary: approving keeps it (only the operator's fields move).
    const ed = AdminExperienceSchema.parse((await admin.get(`/api/v1/admin/experiences/${optA.id}`)).body);
    expectStatus(await admin.call('PUT', `/api/v1/admin/experiences/${optA.id}/draft`, { body: { version: ed.version, draft: { ...ed.draft, summary: 'The editor’s new summary' } } }), 200);
    expectStatus(await admin.call('POST', `/api/v1/admin/experiences/${optA.id}/publish`, { body: { version: ed.version + 1 } }), 202);

    const list = ListingChangeList.parse((await admin.get('/api/v1/admin/listing_changes')).body);
    const change = list.changes.find((c) => c.experience.id === optA.id)!;
    expect(change.operator.slug).toBe(opA.slug);
    expect(change.changes.find((c) => c.field === 'name')).toEqual({ field: 'name', before: x.content.name, after: name });
    expect(change.changedSince).toEqual([]);
    expect(list.pending).toBeGreaterThanOrEqual(1);

    const runsBefore = (await t.db.select({ id: publishRuns.id }).from(publishRuns)).length;
    const approved = await admin.call('POST', `/api/v1/admin/listing_changes/${change.id}/approve`, { body: {} });
    expectStatus(approved, 200);
    const view = ListingChangeResponse.parse(approved.body).change;
    expect(view.status).toBe('approved');
    expect(view.publishRunId).toBeTruthy();
    expect((await t.db.select({ id: publishRuns.id }).from(publishRuns)).length).toBe(runsBefore + 1);
    expect(await publicName(optA.slugCode)).toBe(name);
    const [row] = await t.db.select({ summary: options.summary, cancelType: options.cancelType, inclusions: options.inclusions }).from(options).where(eq(options.id, optA.id));
    expect(row).toEqual({ summary: 'The editor’s new summary', cancelType: otherPolicy(x.content), inclusions: [...x.content.inclusions, 'Dry bag for your phone'] });
    const mail = await lastMailTo(opA.email);
    expect(mail!.subject).toBe(`Your change to ${name} is live`);

    const after = await listing(partner);
    expect(after.pending).toBeNull();
    expect(after.lastDecision?.status).toBe('approved');
    expect(after.content.name).toBe(name);

    const again = await admin.call('POST', `/api/v1/admin/listing_changes/${change.id}/approve`, { body: {} });
    expectStatus(again, 409);
    expect(again.body.error).toBe('This change was already approved. Reload to see where it stands.');
  });

  it('declining needs a reason, sends it to the operator, and leaves the page as it was', async () => {
    const x = await listing(partner);
    expectStatus(await partner.call('POST', `${L(opA.slug, optA.id)}/changes`, { body: { content: { ...x.content, summary: 'Best tour in the world!!!' } } }), 201);
    const [row] = await t.db.select({ id: listingChanges.id }).from(listingChanges).where(and(eq(listingChanges.optionId, optA.id), eq(listingChanges.status, 'pending')));
    const noNote = await admin.call('POST', `/api/v1/admin/listing_changes/${row!.id}/decline`, { body: { note: '  ' } });
    expectStatus(noNote, 422);
    expect(noNote.body.fields).toEqual({ note: 'Tell the operator why' });
    const declined = await admin.call('POST', `/api/v1/admin/listing_changes/${row!.id}/decline`, { body: { note: 'Please describe the trip rather than rank it.' } });
    expectStatus(declined, 200);
    expect(ListingChangeResponse.parse(declined.body).change.note).toBe('Please describe the trip rather than rank it.');
    const mail = await lastMailTo(opA.email);
    expect(mail!.subject).toBe(`Your change to ${x.content.name} was not approved`);
    expect(mail!.body).toContain('Please describe the trip rather than rank it.');
    const after = await listing(partner);
    expect(after.content.summary).toBe(x.content.summary);
    expect(after.lastDecision?.status).toBe('declined');
    expect(after.lastDecision?.content.summary).toBe('Best tour in the world!!!');
  });

  it('a second change replaces the one waiting; withdrawing leaves nothing waiting; an unchanged form is refused', async () => {
    const x = await listing(partner);
    const same = await partner.call('POST', `${L(opA.slug, optA.id)}/changes`, { body: { content: x.content } });
    expectStatus(same, 422);
    expect(same.body.error).toBe('This is what the page says already: change something first');
    expectStatus(await partner.call('POST', `${L(opA.slug, optA.id)}/changes`, { body: { content: { ...x.content, summary: 'First try' } } }), 201);
    const second = await partner.call('POST', `${L(opA.slug, optA.id)}/changes`, { body: { content: { ...x.content, summary: 'Second try' } } });
    expectStatus(second, 201);
    const rows = await t.db.select({ status: listingChanges.status, proposed: listingChanges.proposed }).from(listingChanges).where(eq(listingChanges.optionId, optA.id)).orderBy(desc(listingChanges.id)).limit(2);
    expect(rows.map((r) => r.status)).toEqual(['pending', 'withdrawn']);
    expect((rows[0]!.proposed as ListingContent).summary).toBe('Second try');
    const bad = await partner.call('POST', `${L(opA.slug, optA.id)}/changes`, { body: { content: { ...x.content, name: 'x', faqs: [{ question: '', answer: '' }] } } });
    expectStatus(bad, 422);
    expect(Object.keys(bad.body.fields ?? {})).toEqual(expect.arrayContaining(['content.name', 'content.faqs.0.question']));
    expectStatus(await partner.call('DELETE', `${L(opA.slug, optA.id)}/changes`), 200);
    expect((await listing(partner)).pending).toBeNull();
    const none = await partner.call('DELETE', `${L(opA.slug, optA.id)}/changes`);
    expectStatus(none, 404);
    expect(none.body.error).toBe('Change waiting for review not found');
  });
});

describe('picking up an earlier change', () => {
  it('starts from the page as it is now, with only the fields that change proposed', async () => {
    const x = await listing(partner);
    expectStatus(await partner.call('POST', `${L(opA.slug, optA.id)}/changes`, { body: { content: { ...x.content, summary: 'The operator’s summary' } } }), 201);
    // Meanwhile an editor fixes the description and publishes it.
    const ed = AdminExperienceSchema.parse((await admin.get(`/api/v1/admin/experiences/${optA.id}`)).body);
    expectStatus(await admin.call('PUT', `/api/v1/admin/experiences/${optA.id}/draft`, { body: { version: ed.version, draft: { ...ed.draft, description: 'The editor’s corrected description.' } } }), 200);
    expectStatus(await admin.call('POST', `/api/v1/admin/experiences/${optA.id}/publish`, { body: { version: ed.version + 1 } }), 202);
    const y = await listing(partner);
    expect(y.pending!.content.summary).toBe('The operator’s summary');
    expect(y.pending!.content.description).toBe('The editor’s corrected description.');
    expectStatus(await partner.call('DELETE', `${L(opA.slug, optA.id)}/changes`), 200);
  });
});

describe('a stay: room prices live, room types through review', () => {
  it('prices each room type live, and sends names, privacy and guests for review; room types are not added or removed here', async () => {
    const stay = await pickOption(t.db, [eq(options.priceUnit, 'per_room')]);
    const op = await operatorOf(t.db, stay.id);
    // The partner joins the stay's operator for this test (as staff).
    await t.db.insert(partnerMemberships).values({ userId: (await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'partner@verdant.test')))[0]!.id, operatorId: op.id, role: 'staff' }).onConflictDoNothing();
    const S = L(op.slug, stay.id);
    const x = PartnerListingResponse.parse((await partner.get(S)).body).listing;
    expect(x.rooms.length).toBeGreaterThan(0);
    const room = x.rooms[0]!;
    const price = async () => ((await t.get(`/api/v1/options/${stay.slugCode}/prices?room_id=${room.id}&quantity=1`)).body as { subtotal: { amount: number } }).subtotal.amount;
    const before = await price();
    const missing = await partner.call('PUT', `${S}/prices`, { body: { prices: x.prices, rooms: [] } });
    expectStatus(missing, 422);
    expect(missing.body.fields).toEqual({ rooms: 'Give a price for each room type once' });
    const saved = await partner.call('PUT', `${S}/prices`, { body: { prices: x.prices, rooms: x.rooms.map((r) => ({ id: r.id, pricePerNight: r.id === room.id ? r.pricePerNight + 2500 : r.pricePerNight })) } });
    expectStatus(saved, 200);
    expect(await price()).toBeGreaterThan(before);

    const renamed = x.content.rooms.map((r, i) => (i === 0 ? { ...r, name: `${r.name} with garden view`, privacy: r.privacy === 'private' ? ('shared' as const) : ('private' as const) } : r));
    const dropped = await partner.call('POST', `${S}/changes`, { body: { content: { ...x.content, rooms: renamed.slice(1) } } });
    expectStatus(dropped, 422);
    expect(dropped.body.fields).toEqual({ 'content.rooms': 'Room types can’t be added or removed here: write to partners@verdant.example and we will set them up with you' });
    const sent = await partner.call('POST', `${S}/changes`, { body: { content: { ...x.content, rooms: renamed } } });
    expectStatus(sent, 201);
    const change = PartnerListingResponse.parse(sent.body).listing.pending!;
    expect(change.changes.map((c) => c.field)).toEqual(['rooms']);
    expectStatus(await admin.call('POST', `/api/v1/admin/listing_changes/${change.id}/approve`, { body: {} }), 200);
    const [row] = await t.db.select({ name: optionRooms.name, privacy: optionRooms.privacy }).from(optionRooms).where(eq(optionRooms.id, room.id));
    expect(row).toEqual({ name: renamed[0]!.name, privacy: renamed[0]!.privacy });
  });
});
