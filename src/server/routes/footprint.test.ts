// Footprint (ADR 0044): the sort, the page's figure, admins correcting the facts (and the cached
// list following), and the trip's call with a starting point.
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminExperienceSchema, type AdminExperience } from '../../contract/admin.ts';
import { ListOptionsResponse, OptionDetailSchema } from '../../contract/options.ts';
import { TripFootprintResponse } from '../../contract/trips.ts';
import { gettingThere } from '../../lib/footprint.ts';
import { cities, options, orderItems, settings } from '../db/schema.ts';
import { FACTORS_FINGERPRINT, refreshFootprintsIfFactorsChanged } from '../services/footprint/footprint.ts';
import { Agent } from '../testing/agent.ts';
import { backOfficeAgents } from '../testing/back-office.ts';
import { bookAs, expectStatus, instantSgd, type OptionPick } from '../testing/booking.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let admin: Agent;
let traveller: Agent;
let stranger: Agent;
let pick: OptionPick;

beforeAll(async () => {
  t = await createTestApp();
  pick = await instantSgd(t.db);
  ({ admin } = await backOfficeAgents(t, (n) => `198.51.100.${140 + n}`));
  traveller = new Agent(t, '198.51.100.151');
  await traveller.login('traveller@verdant.test');
  stranger = new Agent(t, '198.51.100.152');
  await stranger.login('ambassador@verdant.test');
});
afterAll(() => t.close());

const E = `/api/v1/admin/experiences`;
const fields = (r: { raw: unknown }) => (r.raw as { fields?: Record<string, string> }).fields ?? {};

async function open(id: number): Promise<AdminExperience> {
  const r = await admin.get(`${E}/${id}`);
  expectStatus(r, 200);
  return AdminExperienceSchema.parse(r.body);
}

/** An admin corrects the facts and publishes them (the live row and its stored grams change at once). */
async function correct(id: number, footprint: AdminExperience['draft']['footprint'], patch: Partial<AdminExperience['draft']> = {}) {
  const x = await open(id);
  const saved = await admin.call('PUT', `${E}/${id}/draft`, { body: { version: x.version, draft: { ...x.draft, ...patch, footprint } } });
  expectStatus(saved, 200);
  expectStatus(await admin.post(`${E}/${id}/publish`, { version: AdminExperienceSchema.parse(saved.body).version }), 202);
}

describe('GET /options?sort=footprint', () => {
  it('orders by the per-person footprint, lowest first, the unestimated last; cards carry the figure', async () => {
    const { options: list } = ListOptionsResponse.parse((await t.get('/api/v1/options?per=100&sort=footprint')).body);
    const kg = list.map((o) => o.footprintKg);
    const known = kg.filter((v): v is number => v !== null);
    expect(known.length).toBeGreaterThan(10);
    expect(known).toEqual([...known].sort((a, b) => a - b));
    expect(kg.slice(0, known.length)).toEqual(known);
    const byName = ListOptionsResponse.parse((await t.get('/api/v1/options?per=5&sort_by=footprint')).body);
    expect(byName.options.map((o) => o.footprintKg)).toEqual(kg.slice(0, 5));
  });

  it('an admin correction reorders the cached list at once (the change feed drops the kept answer)', async () => {
    const [other] = await t.db.select({ id: options.id, slugCode: options.slugCode }).from(options)
      .where(and(ne(options.id, pick.id), eq(options.published, true), isNotNull(options.footprintGrams), sql`${options.footprintGrams} between 1000 and 50000`)).limit(1);
    const url = `/api/v1/options?per=10&sort=footprint&slug_codes[]=${pick.slugCode}&slug_codes[]=${other!.slugCode}`;
    const order = async () => ListOptionsResponse.parse((await t.get(url)).body).options.map((o) => o.slugCode);

    await correct(pick.id, { legs: [{ mode: 'flight', km: 400 }], lodging: null });
    expect(await order()).toEqual([other!.slugCode, pick.slugCode]);
    await correct(pick.id, { legs: [{ mode: 'kayak', km: 6 }], lodging: null });
    expect(await order()).toEqual([pick.slugCode, other!.slugCode]);
  });

  it('refuses an unknown sort with a field message', async () => {
    const r = await t.get('/api/v1/options?sort=greenest');
    expectStatus(r, 422);
    expect(fields(r).sort).toMatch(/footprint/);
  });
});

describe('the page\'s figure (GET /options/{slugCode})', () => {
  it('gives the experience for two travellers part by part, hand-computed: jeep 40 km + 2 nights in a lodge', async () => {
    // Nights are the experience's own (its duration), edited in the same document.
    await correct(pick.id, { legs: [{ mode: 'jeep', km: 40 }, { mode: 'walking', km: 5 }], lodging: 'lodge' }, { durationNights: 2 });
    const d = OptionDetailSchema.parse((await t.get(`/api/v1/options/${pick.slugCode}`)).body);
    const code = d.country.code.toUpperCase();
    const room = ({ SG: 24.5, MY: 61.5, ID: 62.7, TH: 43.4, VN: 38.5, IN: 58.9, CN: 53.5, JP: 39.0 } as Record<string, number>)[code] ?? 47.8;
    // One jeep for two: 40 × 0.20729 = 8.2916 kg; one room × 2 nights × the country's factor.
    const total = 8.2916 + 2 * room;
    expect(d.footprint).toMatchObject({ groupSize: 2, factorsYear: 2024 });
    expect(d.footprint!.totalKg).toBeCloseTo(total, 6);
    expect(d.footprint!.perPersonKg).toBeCloseTo(total / 2, 6);
    expect(d.footprint!.parts.map((p) => p.kind)).toEqual(['transport', 'transport', 'stay']);
    const [row] = await t.db.select({ g: options.footprintGrams }).from(options).where(eq(options.id, pick.id));
    expect(row!.g).toBe(Math.round((total / 2) * 1000));
  });

  it('admins get field messages for impossible facts', async () => {
    const x = await open(pick.id);
    const r = await admin.call('PUT', `${E}/${pick.id}/draft`, { body: { version: x.version, draft: { ...x.draft, footprint: { legs: [{ mode: 'horse', km: -2 }], lodging: 'castle' } } } });
    expectStatus(r, 422);
    expect(fields(r)).toMatchObject({
      'draft.footprint.legs.0.mode': 'Choose a kind of transport from the list',
      'draft.footprint.legs.0.km': 'The distance cannot be negative',
      'draft.footprint.lodging': 'Choose a kind of lodging from the list',
    });
  });
});

describe('GET /trips/{id}/footprint', () => {
  it('gives the experience for the booked group, and getting there and back from a chosen city', async () => {
    await correct(pick.id, { legs: [{ mode: 'jeep', km: 40 }], lodging: null }, { durationNights: null });
    const b = await bookAs(t, traveller, pick, { guests: 2 });
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.id, b.itemId));
    const group = item!.quantity + item!.childQuantity + item!.localQuantity + item!.childLocalQuantity;
    expect(group).toBe(2);

    const plain = TripFootprintResponse.parse((await traveller.get(`/api/v1/trips/${b.itemId}/footprint`)).body).footprint;
    expect(plain.groupSize).toBe(2);
    expect(plain.experience!.totalKg).toBeCloseTo(8.2916, 9);
    expect(plain.gettingThere).toBeNull();
    expect(plain.totalKg).toBeCloseTo(8.2916, 9);
    expect(plain.startCities.length).toBeGreaterThan(5);

    const [dest] = await t.db.select({ lat: cities.latitude, lng: cities.longitude }).from(cities).innerJoin(options, eq(options.cityId, cities.id)).where(eq(options.id, pick.id));
    const [from] = await t.db.select({ id: cities.id, lat: cities.latitude, lng: cities.longitude }).from(cities)
      .where(and(isNotNull(cities.latitude), ne(cities.id, plain.destination.cityId))).limit(1);
    const r = await traveller.get(`/api/v1/trips/${b.itemId}/footprint?from_city_id=${from!.id}&by=train`);
    expectStatus(r, 200);
    const f = TripFootprintResponse.parse(r.body).footprint;
    const want = gettingThere({ latitude: from!.lat!, longitude: from!.lng! }, { latitude: dest!.lat!, longitude: dest!.lng! }, 'train', 2);
    expect(f.gettingThere).toMatchObject({ by: 'train', from: { id: from!.id } });
    // Train: great circle × 1.3, there and back, 0.03546 kg per passenger-km, two passengers.
    expect(f.gettingThere!.totalKg).toBeCloseTo(want.greatCircleKm * 1.3 * 2 * 0.03546 * 2, 6);
    expect(f.totalKg).toBeCloseTo(8.2916 + want.totalKg, 6);
  });

  it('422 with field messages for a bad start or mode; 401 for guests; 404 for another traveller', async () => {
    const b = await bookAs(t, traveller, pick, { guests: 1 });
    const u = `/api/v1/trips/${b.itemId}/footprint`;
    const bad = await traveller.get(`${u}?from_city_id=abc&by=horse`);
    expectStatus(bad, 422);
    expect(Object.keys(fields(bad)).sort()).toEqual(['by', 'from_city_id']);
    expect(fields(bad).by).toBe('Choose plane, train, bus or car');
    const unknown = await traveller.get(`${u}?from_city_id=2000000000`);
    expectStatus(unknown, 422);
    expect(fields(unknown).from_city_id).toBe('Choose a city from the list');
    expectStatus(await t.get(u), 401);
    expectStatus(await stranger.get(u), 404);
  });
});

describe('when the bundled factors change (refreshFootprintsIfFactorsChanged, run where the server starts)', () => {
  it('re-derives every stored figure once, records the factors, and does nothing while they stay the same', async () => {
    const [o] = await t.db.select({ id: options.id, grams: options.footprintGrams }).from(options).where(isNotNull(options.footprintGrams)).limit(1);
    // A figure derived with other factors, and no record of which factors the figures follow.
    await t.db.update(options).set({ footprintGrams: o!.grams! + 1234 }).where(eq(options.id, o!.id));
    await t.db.delete(settings).where(eq(settings.key, 'footprint_factors'));
    expect(await refreshFootprintsIfFactorsChanged(t.db)).toBe(1);
    const [after] = await t.db.select({ grams: options.footprintGrams }).from(options).where(eq(options.id, o!.id));
    expect(after!.grams).toBe(o!.grams);
    const [mark] = await t.db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'footprint_factors'));
    expect(mark!.value).toEqual({ fingerprint: FACTORS_FINGERPRINT, year: 2024 });
    // Same factors: nothing is read or written again, even a figure someone broke by hand stays.
    await t.db.update(options).set({ footprintGrams: o!.grams! + 1 }).where(eq(options.id, o!.id));
    expect(await refreshFootprintsIfFactorsChanged(t.db)).toBeNull();
    await t.db.update(options).set({ footprintGrams: o!.grams }).where(eq(options.id, o!.id));
  });
});
