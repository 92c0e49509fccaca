// Evidence behind sustainability tags (issue 25, item 2; ADR 0045): the operator submits it (with a
// PDF or a photo), an admin verifies, rejects or corrects it, the public experience answer shows
// it with "verified" only while verified, and the expiry job on the durable queue, moved by the
// test clock, takes the mark away and republishes the page. Who may call what.
import { and, asc, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OptionDetailSchema } from '../../contract/options.ts';
import { camelizeKeys } from '../../lib/key-case.ts';
import { AdminEvidenceList, AdminEvidenceResponse, EvidenceClockResponse, PartnerEvidenceList, PartnerEvidenceResponse, type AdminEvidence } from '../../contract/tag-evidence.ts';
import { QUEUES } from '../jobs/queue.ts';
import { tagEvidenceExpiryHandler } from '../jobs/workers.ts';
import { optionTags, options, publishRuns, tagEvidence, tags } from '../db/schema.ts';
import type { Agent } from '../testing/agent.ts';
import { expectStatus } from '../testing/booking.ts';
import { partnerCast } from '../testing/partner.ts';
import { createTestApp, TEST_API_KEY, type TestApp } from '../testing/test-app.ts';
import { expiryJobKey, expiryMoment } from '../services/tag-evidence.ts';

let t: TestApp;
let partner: Agent;
let admin: Agent;
let traveller: Agent;
let guest: Agent;
let opA: { id: number; slug: string };
let optA: { id: number; slugCode: string };
let optB: { id: number; slugCode: string; operatorSlug: string };
let tagSlugs: string[];
let themeSlug: string;

const P = (slug: string, id: number) => `/api/v1/partner/operators/${slug}/listings/${id}/evidence`;
const A = '/api/v1/admin/tag_evidence';
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const runs = async () => (await t.db.select({ id: publishRuns.id }).from(publishRuns)).length;

type Form = { issuer?: string; certificate_number?: string; expires_on?: string; statement?: string; remove_document?: string; file?: { bytes: Uint8Array; name: string } };

/** The operator's multipart form, as the partner back-office sends it. */
async function submit(who: Agent, path: string, form: Form | string) {
  const headers: Record<string, string> = { authorization: `Bearer ${TEST_API_KEY}`, 'x-forwarded-for': who.ip };
  if (who.cookieHeader()) headers['cookie'] = who.cookieHeader();
  let body: FormData | string;
  if (typeof form === 'string') {
    body = form;
    headers['content-type'] = 'application/json';
  } else {
    body = new FormData();
    for (const [k, v] of Object.entries(form)) {
      if (k === 'file' && typeof v === 'object') body.append('file', new File([new Uint8Array(v.bytes)], v.name));
      else if (typeof v === 'string') body.append(k, v);
    }
  }
  const res = await t.app.request(path, { method: 'POST', headers, body });
  const json: unknown = await res.json();
  return { status: res.status, raw: json, body: camelizeKeys<Record<string, unknown> & { error?: string; fields?: Record<string, string> }>(json) };
}

const certificate = (over: Form = {}): Form => ({ issuer: 'Green Fins', certificate_number: 'GF-2291', expires_on: day(400), statement: 'Our guides follow the Green Fins code on every dive.', file: { bytes: PDF, name: 'green-fins.pdf' }, ...over });

async function pendingOf(tagSlug: string, optionId = optA.id): Promise<AdminEvidence> {
  const r = await admin.get(`${A}?status=pending`);
  expectStatus(r, 200);
  const found = AdminEvidenceList.parse(r.body).evidence.find((e) => e.tag.slug === tagSlug && e.experience.id === optionId);
  if (!found) throw new Error(`no pending evidence for ${tagSlug}`);
  return found;
}

async function publicEvidence(slugCode = optA.slugCode) {
  const r = await t.get(`/api/v1/options/${slugCode}`);
  expectStatus(r, 200);
  return OptionDetailSchema.parse(r.body).tagEvidence;
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '600' });
  ({ opA, partner, admin, traveller, guest } = await partnerCast(t, 140));
  const published = and(eq(options.published, true), sql`${options.deletedAt} is null`);
  const [a] = await t.db.select({ id: options.id, slugCode: options.slugCode }).from(options).where(and(eq(options.operatorId, opA.id), published)).orderBy(asc(options.id)).limit(1);
  optA = a!;
  const [b] = await t.db.select({ id: options.id, slugCode: options.slugCode, operatorSlug: sql<string>`(select slug from operators where id = ${options.operatorId})` }).from(options).where(and(sql`${options.operatorId} <> ${opA.id}`, published)).orderBy(asc(options.id)).limit(1);
  optB = b!;
  // Three sustainability tags on A's experience (and one on B's), whatever the demo catalogue gave them.
  const green = await t.db.select({ id: tags.id, slug: tags.slug }).from(tags).where(eq(tags.kind, 'sustainability')).orderBy(asc(tags.position), asc(tags.id)).limit(3);
  for (const g of green) await t.db.insert(optionTags).values({ optionId: optA.id, tagId: g.id }).onConflictDoNothing();
  await t.db.insert(optionTags).values({ optionId: optB.id, tagId: green[0]!.id }).onConflictDoNothing();
  tagSlugs = green.map((g) => g.slug);
  const [theme] = await t.db.select({ id: tags.id, slug: tags.slug }).from(tags).where(eq(tags.kind, 'theme')).limit(1);
  await t.db.insert(optionTags).values({ optionId: optA.id, tagId: theme!.id }).onConflictDoNothing();
  themeSlug = theme!.slug;
});
afterAll(() => t.close());

describe('who may call the evidence calls', () => {
  it('the operator’s team and admins for its listings; another operator’s listing is 404; travellers 403; guests 401', async () => {
    expectStatus(await guest.get(P(opA.slug, optA.id)), 401);
    expectStatus(await traveller.get(P(opA.slug, optA.id)), 403);
    expectStatus(await partner.get(P(opA.slug, optA.id)), 200);
    expectStatus(await admin.get(P(opA.slug, optA.id)), 200);
    // Another operator's address, and another operator's experience under the partner's own address.
    const other = await partner.get(P(optB.operatorSlug, optB.id));
    expectStatus(other, 404);
    expect(other.body.error).toBe('Operator not found');
    expectStatus(await partner.get(P(opA.slug, optB.id)), 404);
    expectStatus(await submit(guest, `${P(opA.slug, optA.id)}/${tagSlugs[0]}`, certificate()), 401);
    expectStatus(await submit(traveller, `${P(opA.slug, optA.id)}/${tagSlugs[0]}`, certificate()), 403);
    expectStatus(await submit(partner, `${P(opA.slug, optB.id)}/${tagSlugs[0]}`, certificate()), 404);
    expectStatus(await submit(partner, `${P(optB.operatorSlug, optB.id)}/${tagSlugs[0]}`, certificate()), 404);
  });

  it('the review calls are for admins only', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', A],
      ['POST', `${A}/1/verify`, { version: 1 }],
      ['POST', `${A}/1/reject`, { version: 1, reason: 'Not valid' }],
      ['PUT', `${A}/1`, { version: 1, fields: { issuer: 'X', certificate_number: '', expires_on: '', statement: '' } }],
      ['POST', `${A}/test-clock`, { at: new Date().toISOString() }],
    ];
    for (const [method, path, body] of calls) {
      expectStatus(await guest.call(method, path, { body }), 401);
      expectStatus(await traveller.call(method, path, { body }), 403);
      expectStatus(await partner.call(method, path, { body }), 403);
    }
    expectStatus(await admin.post(`${A}/999999/verify`, { version: 1 }), 404);
  });
});

describe('the operator submits evidence', () => {
  it('lists the experience’s sustainability tags, each with its evidence (none yet)', async () => {
    const r = await partner.get(P(opA.slug, optA.id));
    expectStatus(r, 200);
    const list = PartnerEvidenceList.parse(r.body).evidence;
    expect(list.map((x) => x.tag.slug)).toEqual(expect.arrayContaining(tagSlugs));
    expect(list.every((x) => x.tag.kind === 'sustainability')).toBe(true);
  });

  it('422 with field messages for missing or bad input; 404 for a tag that is not a sustainability tag of the experience', async () => {
    const path = `${P(opA.slug, optA.id)}/${tagSlugs[0]}`;
    const empty = await submit(partner, path, { issuer: '', statement: '' });
    expectStatus(empty, 422);
    expect(empty.body.fields?.['issuer']).toMatch(/issued the certification, or write a statement/);
    const badDate = await submit(partner, path, certificate({ expires_on: '31/03/2027' }));
    expectStatus(badDate, 422);
    expect(badDate.body.fields?.['expiresOn']).toBe('Use a date like 2027-03-31');
    const long = await submit(partner, path, certificate({ statement: 'x'.repeat(601) }));
    expectStatus(long, 422);
    expect(long.body.fields?.['statement']).toBe('At most 600 characters');
    const notAFile = await submit(partner, path, certificate({ file: { bytes: new TextEncoder().encode('just some text'), name: 'cert.pdf' } }));
    expectStatus(notAFile, 422);
    expect(notAFile.body.fields?.['file']).toBe('Upload a photo (JPEG, PNG, WebP, AVIF) or a PDF');
    const json = await submit(partner, path, JSON.stringify({ issuer: 'Green Fins' }));
    expectStatus(json, 422);
    expectStatus(await submit(partner, `${P(opA.slug, optA.id)}/${themeSlug}`, certificate()), 404);
    expect(await t.db.select().from(tagEvidence).where(eq(tagEvidence.optionId, optA.id))).toHaveLength(0);
  });

  it('a certification with a PDF waits for review; its document is readable by the team and admins only', async () => {
    const r = await submit(partner, `${P(opA.slug, optA.id)}/${tagSlugs[0]}`, certificate());
    expectStatus(r, 201);
    const e = PartnerEvidenceResponse.parse(r.body).evidence.evidence!;
    expect(e).toMatchObject({ status: 'pending', issuer: 'Green Fins', certificateNumber: 'GF-2291', expiresOn: day(400), submittedBy: expect.any(String) });
    expect(e.document).toMatchObject({ kind: 'pdf', name: 'green-fins.pdf' });
    const url = e.document!.url;
    const doc = await partner.get(url, { auth: false });
    expect(doc.status).toBe(200);
    expect(doc.res.headers.get('content-type')).toBe('application/pdf');
    expect(doc.res.headers.get('content-disposition')).toMatch(/^attachment/);
    expect((await admin.get(url, { auth: false })).status).toBe(200);
    expect((await guest.get(url, { auth: false })).status).toBe(404);
    expect((await traveller.get(url, { auth: false })).status).toBe(404);
    // Not on the page while it waits.
    expect(await publicEvidence()).toEqual([]);
  });

  it('a photo is re-encoded to a JPEG; a statement alone is evidence too', async () => {
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 120, b: 70 } } }).png().toBuffer();
    const r = await submit(partner, `${P(opA.slug, optA.id)}/${tagSlugs[1]}`, { issuer: '', certificate_number: '', expires_on: '', statement: 'We refill bottles from a filtered tank on board.', file: { bytes: photo, name: 'tank.png' } });
    expectStatus(r, 201);
    const e = PartnerEvidenceResponse.parse(r.body).evidence.evidence!;
    expect(e).toMatchObject({ status: 'pending', issuer: '', expiresOn: null, document: { kind: 'image', name: 'tank.jpg' } });
    const doc = await partner.get(e.document!.url, { auth: false });
    expect(doc.res.headers.get('content-type')).toBe('image/jpeg');
    expect(doc.res.headers.get('content-disposition')).toMatch(/^inline/);
  });
});

describe('an admin reviews evidence', () => {
  it('verifies: the public experience shows it with "verified" and the date, the page is republished, the document is public', async () => {
    const e = await pendingOf(tagSlugs[0]!);
    const before = await runs();
    const r = await admin.post(`${A}/${e.id}/verify`, { version: e.version });
    expectStatus(r, 200);
    const v = AdminEvidenceResponse.parse(r.body).evidence;
    expect(v).toMatchObject({ status: 'verified', version: e.version + 1, decidedBy: expect.any(String) });
    expect(v.publishRunId).toBeTruthy();
    expect(await runs()).toBe(before + 1);
    const shown = await publicEvidence();
    expect(shown).toEqual([
      { tagSlug: tagSlugs[0], issuer: 'Green Fins', certificateNumber: 'GF-2291', expiresOn: day(400), statement: 'Our guides follow the Green Fins code on every dive.', document: { url: e.document!.url, name: 'green-fins.pdf', kind: 'pdf' }, verifiedOn: day(0), expired: false },
    ]);
    expect((await guest.get(e.document!.url, { auth: false })).status).toBe(200);
    // Its expiry job waits on the durable queue for the day after its last valid day.
    const jobs = await t.jobs.jobsOf(QUEUES.tagEvidenceExpiry.name, expiryJobKey(e.id, day(400)));
    expect(jobs).toHaveLength(1);
    expect(new Date(jobs[0]!.startAfter).toISOString()).toBe(expiryMoment(day(400)).toISOString());
  });

  it('a stale version is 409; verifying twice or a body without version is 422', async () => {
    const [row] = await t.db.select().from(tagEvidence).where(and(eq(tagEvidence.optionId, optA.id), eq(tagEvidence.status, 'verified')));
    expectStatus(await admin.post(`${A}/${row!.id}/verify`, { version: row!.version - 1 }), 409);
    const twice = await admin.post(`${A}/${row!.id}/verify`, { version: row!.version });
    expectStatus(twice, 422);
    expect(twice.body.error).toBe('This evidence is verified already');
    const noVersion = await admin.post(`${A}/${row!.id}/verify`, {});
    expectStatus(noVersion, 422);
    expect(noVersion.body.fields?.['version']).toBe('Give the version you read');
    expectStatus(await admin.post(`${A}/abc/verify`, { version: 1 }), 422);
  });

  it('corrects what the operator wrote: 422 with field messages, then the page is republished with the correction', async () => {
    const [row] = await t.db.select().from(tagEvidence).where(and(eq(tagEvidence.optionId, optA.id), eq(tagEvidence.status, 'verified')));
    const bad = await admin.call('PUT', `${A}/${row!.id}`, { body: { version: row!.version, fields: { issuer: '', certificate_number: 'GF-2291', expires_on: 'soon', statement: '' } } });
    expectStatus(bad, 422);
    expect(bad.body.fields?.['fields.expiresOn']).toBe('Use a date like 2027-03-31');
    const before = await runs();
    const r = await admin.call('PUT', `${A}/${row!.id}`, { body: { version: row!.version, fields: { issuer: 'Green Fins', certificate_number: 'GF-2291-A', expires_on: day(400), statement: row!.statement } } });
    expectStatus(r, 200);
    const c = AdminEvidenceResponse.parse(r.body).evidence;
    expect(c).toMatchObject({ status: 'verified', certificateNumber: 'GF-2291-A' });
    expect(await runs()).toBe(before + 1);
    expect((await publicEvidence())[0]).toMatchObject({ certificateNumber: 'GF-2291-A', verifiedOn: day(0) });
  });

  it('rejects with a reason (422 without one); rejected evidence is not on the page', async () => {
    const e = await pendingOf(tagSlugs[1]!);
    const noReason = await admin.post(`${A}/${e.id}/reject`, { version: e.version, reason: ' ' });
    expectStatus(noReason, 422);
    expect(noReason.body.fields?.['reason']).toBe('Tell the operator why');
    const before = await runs();
    const r = await admin.post(`${A}/${e.id}/reject`, { version: e.version, reason: 'The photo does not show the tank; send a certificate instead.' });
    expectStatus(r, 200);
    expect(AdminEvidenceResponse.parse(r.body).evidence).toMatchObject({ status: 'rejected', rejectReason: 'The photo does not show the tank; send a certificate instead.', publishRunId: null });
    expect(await runs()).toBe(before);
    expect((await publicEvidence()).map((x) => x.tagSlug)).toEqual([tagSlugs[0]]);
    // The operator sees why.
    const mine = PartnerEvidenceList.parse((await partner.get(P(opA.slug, optA.id))).body).evidence.find((x) => x.tag.slug === tagSlugs[1]);
    expect(mine?.evidence).toMatchObject({ status: 'rejected', rejectReason: expect.stringContaining('send a certificate') });
  });

  it('refuses to verify a certification that has expired already', async () => {
    expectStatus(await submit(partner, `${P(opA.slug, optA.id)}/${tagSlugs[2]}`, certificate({ expires_on: day(-3), certificate_number: 'OLD-1' })), 201);
    const e = await pendingOf(tagSlugs[2]!);
    const r = await admin.post(`${A}/${e.id}/verify`, { version: e.version });
    expectStatus(r, 422);
    expect(r.body.fields?.['expiresOn']).toBe('The certification has expired');
  });
});

describe('expiry, on the durable queue with its test clock', () => {
  const log = pino({ level: 'silent' });
  const work = () => t.jobs.runDue(QUEUES.tagEvidenceExpiry.name, tagEvidenceExpiryHandler({ db: t.db, jobs: t.jobs, log }));

  it('the job is not due before the expiry; the test clock past it runs it: no longer verified, the page republished', async () => {
    // A certification whose last valid day is the day after tomorrow, verified today.
    // An admin may act in any operator's back-office.
    expectStatus(await submit(admin, `${P(optB.operatorSlug, optB.id)}/${tagSlugs[0]}`, certificate({ expires_on: day(2), certificate_number: 'SOON-2' })), 201);
    const e = await pendingOf(tagSlugs[0]!, optB.id);
    expectStatus(await admin.post(`${A}/${e.id}/verify`, { version: e.version }), 200);
    expect((await publicEvidence(optB.slugCode))[0]).toMatchObject({ verifiedOn: day(0), expired: false });
    expect(await work()).toBe(0);

    const bad = await admin.post(`${A}/test-clock`, { at: 'tomorrow' });
    expectStatus(bad, 422);
    // Tomorrow is not past it: nothing is due.
    const notYet = await admin.post(`${A}/test-clock`, { at: `${day(2)}T23:59:00.000Z` });
    expect(EvidenceClockResponse.parse(notYet.body)).toEqual({ due: 0 });
    expect(await work()).toBe(0);

    const runsBefore = await runs();
    const clock = await admin.post(`${A}/test-clock`, { at: `${day(3)}T00:01:00.000Z` });
    expectStatus(clock, 200);
    expect(EvidenceClockResponse.parse(clock.body)).toEqual({ due: 1 });
    expect(await work()).toBe(1);
    const [row] = await t.db.select().from(tagEvidence).where(eq(tagEvidence.id, e.id));
    expect(row).toMatchObject({ status: 'expired', expiresOn: day(2) });
    expect(row!.expiredAt).toBeInstanceOf(Date);
    expect(await runs()).toBe(runsBefore + 1);
    expect((await publicEvidence(optB.slugCode))[0]).toMatchObject({ tagSlug: tagSlugs[0], certificateNumber: 'SOON-2', verifiedOn: null, expired: true });
    const [job] = await t.jobs.jobsOf(QUEUES.tagEvidenceExpiry.name, expiryJobKey(e.id, day(2)));
    expect(job?.state).toBe('completed');
    // The other experience's certification (expiring in 400 days) is untouched.
    expect((await publicEvidence())[0]).toMatchObject({ verifiedOn: day(0), expired: false });
  });

  it('a stale job (expiry corrected since) does nothing; the daily sweep expires verified evidence past its expiry that has no job', async () => {
    const [row] = await t.db.select().from(tagEvidence).where(and(eq(tagEvidence.optionId, optA.id), eq(tagEvidence.status, 'verified')));
    // Written straight to the database (as the demo catalogue does): verified, expired yesterday, no job.
    await t.db.update(tagEvidence).set({ expiresOn: day(-1) }).where(eq(tagEvidence.id, row!.id));
    await t.jobs.enqueue(t.db, QUEUES.tagEvidenceExpiry.name, { evidenceId: row!.id, expiresOn: day(400) }, { startAfter: new Date(), key: 'stale-test' });
    expect(await work()).toBe(1);
    expect((await t.db.select({ status: tagEvidence.status }).from(tagEvidence).where(eq(tagEvidence.id, row!.id)))[0]?.status).toBe('verified');
    // The schedule's job carries no data.
    await t.jobs.enqueue(t.db, QUEUES.tagEvidenceExpiry.name, {}, { startAfter: new Date(), key: 'sweep-test' });
    expect(await work()).toBe(1);
    expect((await t.db.select({ status: tagEvidence.status }).from(tagEvidence).where(eq(tagEvidence.id, row!.id)))[0]?.status).toBe('expired');
    expect((await publicEvidence())[0]).toMatchObject({ verifiedOn: null, expired: true });
  });
});
