import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateClicks, affiliateLinks } from '../db/schema.ts';
import { DEMO_AFFILIATE_LINK_ID } from '../db/seed/seed.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { mountAffiliateLinks } from './affiliate.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    mountAffiliateLinks(app);
    app.notFound((c) => c.text('404 page', 404));
  });
});
afterAll(() => t.close());

describe('/a/{id}', () => {
  it('records the click, sets the attribution cookie and redirects to the target', async () => {
    const [link] = await t.db.select().from(affiliateLinks).where(eq(affiliateLinks.id, DEMO_AFFILIATE_LINK_ID));
    expect(link?.targetPath).toMatch(/^\/experiences\//);
    const res = await t.app.request(`/a/${DEMO_AFFILIATE_LINK_ID}`, { headers: { 'x-forwarded-for': '203.0.113.9', 'user-agent': 'test' } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(link!.targetPath);
    expect(res.headers.get('set-cookie')).toMatch(new RegExp(`^verdant_aff=${DEMO_AFFILIATE_LINK_ID}\\.\\d+;.*HttpOnly`, 'i'));
    const [after] = await t.db.select().from(affiliateLinks).where(eq(affiliateLinks.id, DEMO_AFFILIATE_LINK_ID));
    expect(after!.clicksCount).toBe(link!.clicksCount + 1);
    const clicks = await t.db.select().from(affiliateClicks).where(eq(affiliateClicks.linkId, DEMO_AFFILIATE_LINK_ID));
    expect(clicks.length).toBeGreaterThan(0);
    expect(clicks.at(-1)!.ipHash).not.toContain('203.0.113.9');
  });
  it('answers the 404 page for unknown or malformed ids, without a cookie', async () => {
    for (const id of ['unknown-link-id', 'x', '..%2F..%2Fetc', "a'%20or%201=1--xxxxxx"]) {
      const res = await t.app.request(`/a/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.headers.get('set-cookie')).toBeNull();
    }
  });
});
