// Photos uploaded from the back-offices (issue 14 image upload; issue 15 listing photos; ADR 0032).
// The file's bytes decide what it is, never its name or declared type: sharp must read it as a
// JPEG, PNG, WebP or AVIF, within the size and pixel limits, and at least a sharp page's width.
// It is re-encoded (turned upright, at most 3840 px on its long side, colour kept, every metadata
// block such as GPS dropped) to a JPEG, stored through the storage provider, and recorded with
// its alt text. Every size of it is then served by /_image.
import sharp from 'sharp';
import type { UploadedImage } from '../../contract/admin.ts';
import { IMAGE_UPLOAD } from '../../contract/admin.ts';
import { and, asc, eq, like, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { bestOfLists, blogs, cities, collections, contentDrafts, contentRevisions, countries, images, itineraries, listingChanges, operators, optionImages, placesOfInterest } from '../db/schema.ts';
import { HttpError } from '../http.ts';
import type { FileStorage } from '../providers/storage.ts';
import { newToken } from './secrets.ts';

const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'avif', 'heif']);

/** What a caller accepts: the back-office's photo limits by default; chat files pass their own. */
export type PhotoLimits = { maxBytes: number; maxPixels: number; minSide: number; maxSide: number; typeMessage: string; field: string };
const PHOTO_LIMITS: PhotoLimits = { ...IMAGE_UPLOAD, field: 'file' };

/** The re-encoded photo, or 422 with what is wrong with the file (on `limits.field`). */
export async function reencodePhoto(bytes: Uint8Array, limits: PhotoLimits = PHOTO_LIMITS): Promise<{ data: Buffer; width: number; height: number }> {
  const fail = (message: string) => new HttpError(422, message, { fields: { [limits.field]: message } });
  if (bytes.byteLength === 0) throw fail('Choose a photo to upload');
  if (bytes.byteLength > limits.maxBytes) throw fail(`The photo is too large: at most ${limits.maxBytes / 1024 / 1024} MB`);
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(bytes, { limitInputPixels: limits.maxPixels }).metadata();
  } catch {
    throw fail(limits.typeMessage);
  }
  if (!meta.format || !ACCEPTED.has(meta.format) || (meta.format === 'heif' && meta.compression !== 'av1')) throw fail(limits.typeMessage);
  // Width and height as the photo is seen (a portrait shot from a phone is stored on its side).
  const sideways = (meta.orientation ?? 1) >= 5;
  const w = (sideways ? meta.height : meta.width) ?? 0;
  const h = (sideways ? meta.width : meta.height) ?? 0;
  if (Math.min(w, h) < limits.minSide) throw fail(`The photo is too small (${w} × ${h} pixels): use one at least ${limits.minSide} pixels on each side`);
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: limits.maxPixels })
      .rotate()
      .resize({ width: limits.maxSide, height: limits.maxSide, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .jpeg({ quality: 86, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw fail(limits.typeMessage);
  }
}

/** Stores an uploaded photo with its alt text; `operatorId` when a partner uploads it for their listings. */
export async function storeUploadedPhoto(
  db: Db,
  storage: FileStorage,
  file: { bytes: Uint8Array; name: string },
  alt: string,
  operatorId: number | null,
): Promise<UploadedImage> {
  const { data, width, height } = await reencodePhoto(file.bytes);
  const day = new Date().toISOString().slice(0, 7);
  const key = `uploads/${day}/${newToken(12)}.jpg`;
  await storage.put(key, data, 'image/jpeg');
  const name = file.name.replace(/\.[^.]*$/, '').replace(/[^\p{L}\p{N} _-]+/gu, ' ').replace(/\s+/g, ' ').trim().slice(0, 120) || 'Uploaded photo';
  try {
    const [row] = await db.insert(images).values({ key, name, contentType: 'image/jpeg', alt, width, height, uploadedForOperatorId: operatorId }).returning({ id: images.id });
    return { id: row!.id, url: storage.url(key), alt, width, height };
  } catch (err) {
    // Nothing refers to the file yet: remove it so a failed insert leaves no orphan.
    await storage.delete(key).catch(() => undefined);
    throw err;
  }
}

// ── Uploads nobody used ──────────────────────────────────────────────────────

/** An upload is kept this long before the sweep may delete it unused (an editor may still be filling in the form). */
export const UNUSED_UPLOAD_GRACE_MS = 24 * 3600_000;
/** At most this many deleted per sweep (the next sweep takes the rest). */
const SWEEP_BATCH = 200;

/** The live rows that hold an image by its id. */
const IMAGE_COLUMNS = [countries.imageId, cities.imageId, placesOfInterest.imageId, operators.imageId, optionImages.imageId, collections.imageId, itineraries.imageId, bestOfLists.imageId, blogs.heroImageId];
/**
 * Where the documents keep image ids: a hero (`image: {id, alt}`), photo lists (`images: [{id, alt}]`),
 * an article's hero and its image blocks (`heroImageId`, `imageId`), at any depth.
 */
const IMAGE_PATHS = ['lax $.**.image.id', 'lax $.**.images[*].id', 'lax $.**.heroImageId', 'lax $.**.imageId'];
/** JSON that may name an image: drafts, every revision (restore must keep working), operators' listing changes (any state: a declined one can be started again), article bodies. */
const IMAGE_DOCUMENTS = [contentDrafts.data, contentRevisions.data, listingChanges.base, listingChanges.proposed, blogs.body];

/** No live row, draft, revision, listing change or article names the image `id`. */
function unused(id: AnyColumn): SQL {
  const named = (doc: AnyColumn) => or(...IMAGE_PATHS.map((p) => sql`jsonb_path_exists(${doc}, ${`${p} ? (@ == $id)`}::jsonpath, jsonb_build_object('id', ${id}))`))!;
  return and(
    ...IMAGE_COLUMNS.map((c) => sql`not exists (select 1 from ${c.table} where ${c} = ${id})`),
    ...IMAGE_DOCUMENTS.map((doc) => sql`not exists (select 1 from ${doc.table} where ${named(doc)})`),
  )!;
}

/**
 * Deletes photos uploaded through the back-offices (`uploads/…`) that nothing uses a day after
 * their upload: the row and the stored file, in one transaction per photo, so a file that cannot
 * be deleted leaves its row for the next sweep (the failure is logged). The image-cleanup job runs
 * it every hour (jobs/workers.ts). Seed and other images are never touched.
 */
export async function sweepUnusedUploads(d: { db: Db; storage: FileStorage; log: Logger; now?: Date }): Promise<{ deleted: number; failed: number }> {
  const cutoff = new Date((d.now ?? new Date()).getTime() - UNUSED_UPLOAD_GRACE_MS);
  const candidates = await d.db
    .select({ id: images.id, key: images.key })
    .from(images)
    .where(and(like(images.key, 'uploads/%'), lt(images.createdAt, cutoff), unused(images.id)))
    .orderBy(asc(images.id))
    .limit(SWEEP_BATCH);
  let deleted = 0;
  let failed = 0;
  for (const c of candidates) {
    try {
      // Checked again in the delete: a draft may have named it since.
      const gone = await d.db.transaction(async (tx) => {
        const [row] = await tx.delete(images).where(and(eq(images.id, c.id), unused(images.id))).returning({ key: images.key });
        if (row) await d.storage.delete(row.key);
        return !!row;
      });
      if (gone) deleted += 1;
    } catch (err) {
      failed += 1;
      d.log.error({ err, imageId: c.id, key: c.key }, 'image-cleanup: an unused upload could not be deleted; the next sweep tries again');
    }
  }
  return { deleted, failed };
}
