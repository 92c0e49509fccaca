// "Report a problem" (POST /option_broken_trackings) and the admins' list in /admin (ADR 39);
// the itinerary share counter and the image library live beside them (small calls of issue 24).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImageLibraryResponse } from '../../contract/images.ts';
import { ShareCountResponse } from '../../contract/itineraries.ts';
import { AdminProblemReportsResponse, ProblemReportResponse, ReportProblemResponse } from '../../contract/problem-reports.ts';
import { itineraries } from '../db/schema.ts';
import { Agent } from '../testing/agent.ts';
import { expectStatus, pickOption, type OptionPick } from '../testing/booking.ts';
import { partnerCast, type Cast } from '../testing/partner.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { REPORTS_PER_HOUR } from './problem-reports.ts';

let t: TestApp;
let c: Cast;
let opt: OptionPick;
const REPORT = '/api/v1/option_broken_trackings';

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '300' });
  c = await partnerCast(t, 230);
  opt = await pickOption(t.db, []);
});
afterAll(() => t.close());

describe('reporting a problem', () => {
  it('a guest reports a wrong price; the same report again adds nothing; an admin lists and resolves it', async () => {
    const r = await c.guest.post(REPORT, { option: opt.slugCode, kind: 'wrong_price', details: 'It says 40 but the operator charges 55.', pageUrl: `https://verdant.example/experiences/${opt.slugCode}?gdc=SECRET` });
    expectStatus(r, 201);
    const first = ReportProblemResponse.parse(r.body);
    expect(first).toMatchObject({ created: true, reference: expect.stringMatching(/^PR-\d{6}$/) });
    const again = await c.guest.post(REPORT, { option: opt.slugCode, kind: 'wrong_price' });
    expectStatus(again, 200);
    expect(ReportProblemResponse.parse(again.body)).toEqual({ reference: first.reference, created: false });

    const list = await c.admin.get('/api/v1/admin/problem_reports');
    expectStatus(list, 200);
    const parsed = AdminProblemReportsResponse.parse(list.body);
    const report = parsed.problemReports.find((x) => x.reference === first.reference)!;
    expect(report).toMatchObject({ kind: 'wrong_price', pageUrl: `/experiences/${opt.slugCode}`, reporterEmail: null, resolvedAt: null, option: { slugCode: opt.slugCode } });
    expect(parsed.openCount).toBeGreaterThan(0);

    const resolved = await c.admin.post(`/api/v1/admin/problem_reports/${report.id}/resolve`);
    expectStatus(resolved, 200);
    expect(ProblemReportResponse.parse(resolved.body).problemReport).toMatchObject({ resolvedBy: expect.any(String), resolvedAt: expect.any(String) });
    const open = AdminProblemReportsResponse.parse((await c.admin.get('/api/v1/admin/problem_reports?status=open')).body);
    expect(open.problemReports.map((x) => x.id)).not.toContain(report.id);
    const done = AdminProblemReportsResponse.parse((await c.admin.get('/api/v1/admin/problem_reports?status=resolved')).body);
    expect(done.problemReports.map((x) => x.id)).toContain(report.id);
    // Resolved, the same visitor may report it again: a new report.
    const anew = await c.guest.post(REPORT, { option: opt.slugCode, kind: 'wrong_price' });
    expectStatus(anew, 201);
  });

  it('a signed-in traveller’s report carries their e-mail', async () => {
    const r = await c.traveller.post(REPORT, { option: opt.slugCode, kind: 'broken_photos' });
    expectStatus(r, 201);
    const ref = ReportProblemResponse.parse(r.body).reference;
    const list = AdminProblemReportsResponse.parse((await c.admin.get('/api/v1/admin/problem_reports?per=100')).body);
    expect(list.problemReports.find((x) => x.reference === ref)?.reporterEmail).toBe('traveller@verdant.test');
  });

  it('refuses bad input with field messages', async () => {
    const g = new Agent(t, '198.51.100.251');
    const other = await g.post(REPORT, { option: opt.slugCode, kind: 'other', details: '' });
    expectStatus(other, 422);
    expect(other.body.fields?.['details']).toBe('Please tell us what is wrong');
    const kind = await g.post(REPORT, { option: opt.slugCode, kind: 'ugly' });
    expectStatus(kind, 422);
    expect(kind.body.fields?.['kind']).toBe('Please choose what is wrong');
    const unknown = await g.post(REPORT, { option: 'no-such-thing', kind: 'closed_business' });
    expectStatus(unknown, 422);
    expect(unknown.body.fields?.['option']).toBe('That experience is not on Verdant');
    expectStatus(await g.post(REPORT, { option: opt.slugCode, kind: 'other', details: 'x'.repeat(1001) }), 422);
    expectStatus(await c.admin.get('/api/v1/admin/problem_reports?status=maybe'), 422);
    expectStatus(await c.admin.post('/api/v1/admin/problem_reports/999999/resolve'), 404);
  });

  it(`throttles a visitor after ${REPORTS_PER_HOUR} reports an hour`, async () => {
    const flood = new Agent(t, '198.51.100.250');
    const kinds = ['broken_photos', 'wrong_price', 'closed_business'] as const;
    const statuses: number[] = [];
    for (let i = 0; i <= REPORTS_PER_HOUR; i++) statuses.push((await flood.post(REPORT, { option: opt.slugCode, kind: kinds[i % 3], details: '' })).status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, REPORTS_PER_HOUR).every((s) => s === 200 || s === 201)).toBe(true);
  });

  it('only admins see the list: travellers and partners 403, guests 401', async () => {
    expectStatus(await c.traveller.get('/api/v1/admin/problem_reports'), 403);
    expectStatus(await c.partner.get('/api/v1/admin/problem_reports'), 403);
    expectStatus(await c.partner.post('/api/v1/admin/problem_reports/1/resolve'), 403);
    expectStatus(await c.guest.get('/api/v1/admin/problem_reports'), 401);
  });
});

describe('sharing an itinerary', () => {
  it('counts a visitor once a day per itinerary; another visitor counts; unknown ones 404', async () => {
    const [it0] = await t.db.select({ slug: itineraries.slug, shareCount: itineraries.shareCount }).from(itineraries).where(eq(itineraries.published, true)).limit(1);
    const path = `/api/v1/travel_itineraries/${it0!.slug}/increase_share_count`;
    const a = ShareCountResponse.parse((await c.guest.post(path)).body);
    expect(a).toEqual({ counted: true, shareCount: it0!.shareCount + 1 });
    expect(ShareCountResponse.parse((await c.guest.post(path)).body)).toEqual({ counted: false, shareCount: it0!.shareCount + 1 });
    // The same person signed in is another visitor key, counted once too.
    expect(ShareCountResponse.parse((await c.traveller.post(path)).body).counted).toBe(true);
    expect(ShareCountResponse.parse((await c.traveller.post(path)).body).counted).toBe(false);
    expectStatus(await c.guest.post('/api/v1/travel_itineraries/no-such-trip/increase_share_count'), 404);
    expectStatus(await c.guest.post('/api/v1/travel_itineraries/%20bad%20/increase_share_count'), 404);
  });
});

describe('the image library', () => {
  it('pages the images with alt text and sizes for admins, and searches them', async () => {
    const r = await c.admin.get('/api/v1/images?per=5');
    expectStatus(r, 200);
    const page = ImageLibraryResponse.parse(r.body);
    expect(page.images).toHaveLength(5);
    expect(page.pagination.totalCount).toBeGreaterThan(5);
    const first = page.images[0]!;
    expect(first.webpSmUrl).toContain('w=640');
    const word = first.alt.split(/\s+/).find((w) => w.length > 4) ?? first.name;
    const found = ImageLibraryResponse.parse((await c.admin.get(`/api/v1/images?q=${encodeURIComponent(word)}`)).body);
    expect(found.images.length).toBeGreaterThan(0);
    expect(found.pagination.totalCount).toBeLessThanOrEqual(page.pagination.totalCount);
  });

  it('refuses bad paging, and anyone but an admin', async () => {
    const bad = await c.admin.get('/api/v1/images?per=1000');
    expectStatus(bad, 422);
    expect(bad.body.fields?.['per']).toBeDefined();
    expectStatus(await c.partner.get('/api/v1/images'), 403);
    expectStatus(await c.traveller.get('/api/v1/images'), 403);
    expectStatus(await c.guest.get('/api/v1/images'), 401);
  });
});
