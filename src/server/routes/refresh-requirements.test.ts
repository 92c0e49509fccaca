import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RefreshRequirementsResponse } from '../../contract/booking.ts';
import { options, orderItemCustomers } from '../db/schema.ts';
import { Agent } from '../testing/agent.ts';
import { bookAs, instantSgd } from '../testing/booking.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /refresh_requirements', () => {
  it('asks again for a field the experience began to require after booking', async () => {
    const tess = new Agent(t, '198.21.0.1');
    await tess.login('traveller@verdant.test');
    const option = await instantSgd(t.db, 2);
    const booked = await bookAs(t, tess, option, { guests: 1 });
    // The guest's details as given at booking: only what was required then (a name).
    await t.db.update(orderItemCustomers).set({ info: { fullName: 'Guest Number 1' } }).where(eq(orderItemCustomers.orderItemId, booked.itemId));
    await t.db.update(options).set({ yachtTrip: false, minAge: null, durationDays: 1, kind: 'short_adventure' }).where(eq(options.id, option.id));
    const before = RefreshRequirementsResponse.parse((await tess.post('/api/v1/refresh_requirements', { orderItemId: booked.itemId })).body);
    expect(before).toMatchObject({ complete: true, newlyRequired: [], requiredCustomerInfos: ['fullName'] });
    // The operator's change (approved): a yacht now, so permits need date of birth, nationality and passport.
    await t.db.update(options).set({ yachtTrip: true }).where(eq(options.id, option.id));
    const r = await tess.post('/api/v1/refresh_requirements', { orderItemId: booked.itemId });
    expect(r.status).toBe(200);
    const after = RefreshRequirementsResponse.parse(r.body);
    expect(after).toMatchObject({ complete: false, newlyRequired: ['dateOfBirth', 'nationality', 'passportNumber'] });
    expect(after.customers).toEqual([{ position: 0, isSubmitted: false, missing: ['dateOfBirth', 'nationality', 'passportNumber'] }]);
    const item = (await tess.get(`/api/v1/required-infos/${booked.itemId}`)).body['orderItem'] as { customers: { isSubmitted: boolean }[] };
    expect(item.customers[0]?.isSubmitted).toBe(false);
    await t.db.update(options).set({ yachtTrip: false }).where(eq(options.id, option.id));
  });

  it('refuses bad input, another member’s booking and a guest with 404', async () => {
    const bad = await t.post('/api/v1/refresh_requirements', { orderItemId: '' });
    expect(bad.status).toBe(422);
    expect(bad.body.fields?.['orderItemId']).toBe('Give the booking');
    const tess = new Agent(t, '198.21.0.2');
    await tess.login('traveller@verdant.test');
    const booked = await bookAs(t, tess, await instantSgd(t.db, 3), { guests: 1 });
    const ezra = new Agent(t, '198.21.0.3');
    await ezra.login('explorer@verdant.test');
    expect((await ezra.post('/api/v1/refresh_requirements', { orderItemId: booked.itemId })).status).toBe(404);
    expect((await t.post('/api/v1/refresh_requirements', { orderItemId: booked.itemId })).status).toBe(404);
    expect((await tess.post('/api/v1/refresh_requirements', { orderItemId: 'nope-nope-nope' })).status).toBe(404);
  });
});
