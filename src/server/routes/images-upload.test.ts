// Photo uploads from the back-offices (services/images.ts): what the bytes are decides (not the
// name or declared type), the photo is re-encoded upright without its metadata, too small, too
// large and not-a-photo are refused with the field, alt text is required; admins upload for the
// catalogue, partners for their own operator's listings, whose changes may use only their photos.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UploadedImageSchema } from '../../contract/admin.ts';
import { PartnerListingResponse } from '../../contract/partner.ts';
import { images, options } from '../db/schema.ts';
import type { Agent } from '../testing/agent.ts';
import { expectStatus, pickOption, type OptionPick } from '../testing/booking.ts';
import { operatorOf, partnerCast } from '../testing/partner.ts';
import { createTestApp, TEST_API_KEY, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let partner: Agent;
let admin: Agent;
let traveller: Agent;
let guest: Agent;
let opA: { id: number; slug: string };
let opB: { id: number; slug: string };
let optA: OptionPick;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '300' });
  ({ opA, partner, admin, traveller, guest } = await partnerCast(t, 140));
  optA = await pickOption(t.db, [eq(options.operatorId, opA.id), eq(options.priceUnit, 'per_person')]);
  const other = await pickOption(t.db, [eq(options.priceUnit, 'per_person')], 40);
  opB = await operatorOf(t.db, other.id);
  if (opB.id === opA.id) throw new Error('pick another option for operator B');
});
afterAll(() => t.close());

const ADMIN = '/api/v1/admin/images';
const PARTNER = (slug: string) => `/api/v1/partner/operators/${slug}/images`;

/** A photo of `width` × `height` in `format`, with EXIF that must not survive (and an orientation). */
const photo = (width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'gif' = 'jpeg', orientation?: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 110, b: 80 } } })
    .withMetadata(orientation ? { orientation } : {})
    .withExif({ IFD0: { Copyright: 'Secret Photographer' } })
    .toFormat(format)
    .toBuffer();

async function upload(who: Agent, path: string, fields: { file?: Uint8Array; name?: string; alt?: string } | string) {
  const headers: Record<string, string> = { authorization: `Bearer ${TEST_API_KEY}`, 'x-forwarded-for': who.ip };
  if (who.cookieHeader()) headers['cookie'] = who.cookieHeader();
  let body: FormData | string;
  if (typeof fields === 'string') {
    body = fields;
    headers['content-type'] = 'application/json';
  } else {
    body = new FormData();
    if (fields.file) body.append('file', new File([new Uint8Array(fields.file)], fields.name ?? 'kayaks.jpg', { type: 'image/jpeg' }));
    if (fields.alt !== undefined) body.append('alt', fields.alt);
  }
  const res = await t.app.request(path, { method: 'POST', headers, body });
  const json = (await res.json()) as { error?: string; fields?: Record<string, string> } & Record<string, unknown>;
  return { status: res.status, raw: json, body: json };
}

describe('who may upload', () => {
  it('admins at /admin/images; partners for their own operator; others are refused', async () => {
    const file = await photo(1200, 900);
    expectStatus(await upload(guest, ADMIN, { file, alt: 'Kayaks on a beach' }), 401);
    expectStatus(await upload(traveller, ADMIN, { file, alt: 'Kayaks on a beach' }), 403);
    expectStatus(await upload(partner, ADMIN, { file, alt: 'Kayaks on a beach' }), 403);
    expectStatus(await upload(traveller, PARTNER(opA.slug), { file, alt: 'Kayaks on a beach' }), 403);
    const other = await upload(partner, PARTNER(opB.slug), { file, alt: 'Kayaks on a beach' });
    expectStatus(other, 404);
    expect(other.body.error).toBe('Operator not found');
  });
});

describe('what is stored', () => {
  it('re-encodes a photo upright as JPEG without its metadata, records it with its alt text, and serves it', async () => {
    // A phone's portrait shot: stored 900 wide and 1200 high on its side, with "turn it" in EXIF.
    const r = await upload(admin, ADMIN, { file: await photo(1200, 900, 'jpeg', 6), name: 'IMG 0042 (1).HEIC.jpg', alt: '  Two kayaks on the mangrove shore  ' });
    expectStatus(r, 201);
    const up = UploadedImageSchema.parse(r.body);
    expect(up).toMatchObject({ width: 900, height: 1200, alt: 'Two kayaks on the mangrove shore' });
    expect(up.url).toMatch(/^\/storage\/uploads\/\d{4}-\d{2}\/[\w-]+\.jpg$/);
    const [row] = await t.db.select().from(images).where(eq(images.id, up.id));
    expect(row).toMatchObject({ alt: 'Two kayaks on the mangrove shore', width: 900, height: 1200, contentType: 'image/jpeg', uploadedForOperatorId: null, name: 'IMG 0042 1 HEIC' });
    // Stored through the storage provider (local disk here: DATA_DIR/storage, served at /storage).
    const meta = await sharp(await readFile(join(t.config.dataDir, 'storage', row!.key))).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 900, height: 1200 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it('takes PNG and WebP, and shrinks a huge photo to 3840 pixels on its long side', async () => {
    expectStatus(await upload(admin, ADMIN, { file: await photo(1000, 800, 'png'), name: 'a.png', alt: 'A green field' }), 201);
    const big = UploadedImageSchema.parse((await upload(admin, ADMIN, { file: await photo(5000, 2000, 'webp'), name: 'b.webp', alt: 'A wide green field' })).body);
    expect([big.width, big.height]).toEqual([3840, 1536]);
  });

  it('refuses what is not a photo, too small or too large, and an upload without alt text or file, with the field', async () => {
    const cases: [Parameters<typeof upload>[2], string, string][] = [
      [{ file: await photo(1200, 900, 'gif'), alt: 'A gif' }, 'file', 'Choose a JPEG, PNG, WebP or AVIF photo'],
      [{ file: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), name: 'x.jpg', alt: 'A script' }, 'file', 'Choose a JPEG, PNG, WebP or AVIF photo'],
      [{ file: await photo(1200, 600), alt: 'A thin strip' }, 'file', 'The photo is too small (1200 × 600 pixels): use one at least 800 pixels on each side'],
      [{ file: new Uint8Array(15 * 1024 * 1024 + 1), alt: 'Too many bytes' }, 'file', 'The photo is too large: at most 15 MB'],
      [{ file: await photo(1200, 900), alt: 'x' }, 'alt', 'Describe the image for people who cannot see it (alt text)'],
      [{ file: await photo(1200, 900) }, 'alt', 'Describe the image for people who cannot see it (alt text)'],
      [{ alt: 'No file at all' }, 'file', 'Choose a photo to upload'],
      ['{"alt":"json"}', 'file', 'Choose a photo to upload'],
    ];
    const before = (await t.db.select({ id: images.id }).from(images)).length;
    for (const [fields, field, message] of cases) {
      const r = await upload(admin, ADMIN, fields);
      expectStatus(r, 422);
      expect(r.body.fields?.[field], JSON.stringify(r.body)).toBe(message);
    }
    expect((await t.db.select({ id: images.id }).from(images)).length).toBe(before);
  });
});

describe('a partner’s photos in a listing change', () => {
  it('may use the experience’s own photos and those uploaded for the operator, not anyone else’s', async () => {
    const mine = UploadedImageSchema.parse((await upload(partner, PARTNER(opA.slug), { file: await photo(1600, 1000), alt: 'Paddlers at sunrise' })).body);
    const [row] = await t.db.select({ op: images.uploadedForOperatorId }).from(images).where(eq(images.id, mine.id));
    expect(row!.op).toBe(opA.id);
    const theirs = UploadedImageSchema.parse((await upload(admin, ADMIN, { file: await photo(1600, 1000), alt: 'Somebody else’s photo' })).body);
    const L = `/api/v1/partner/operators/${opA.slug}/listings/${optA.id}`;
    const x = PartnerListingResponse.parse((await partner.get(L)).body).listing;

    const stray = await partner.call('POST', `${L}/changes`, { body: { content: { ...x.content, images: [...x.content.images, { id: theirs.id, alt: 'Not mine' }] } } });
    expectStatus(stray, 422);
    expect(stray.body.fields).toEqual({ [`content.images.${x.content.images.length}.id`]: 'Upload this photo from the listing first' });

    const ok = await partner.call('POST', `${L}/changes`, { body: { content: { ...x.content, images: [{ id: mine.id, alt: mine.alt }, ...x.content.images] } } });
    expectStatus(ok, 201);
    const listing = PartnerListingResponse.parse(ok.body).listing;
    expect(listing.pending!.changes.map((c) => c.field)).toEqual(['images']);
    expect(listing.imageUrls[String(mine.id)]).toBe(mine.url);
  });
});
