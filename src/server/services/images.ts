// Photos uploaded from the back-offices (issue 14 image upload; issue 15 listing photos; ADR 0032).
// The file's bytes decide what it is, never its name or declared type: sharp must read it as a
// JPEG, PNG, WebP or AVIF, within the size and pixel limits, and at least a sharp page's width.
// It is re-encoded (turned upright, at most 3840 px on its long side, colour kept, every metadata
// block such as GPS dropped) to a JPEG, stored through the storage provider, and recorded with
// its alt text. Every size of it is then served by /_image.
import sharp from 'sharp';
import type { UploadedImage } from '../../contract/admin.ts';
import { IMAGE_UPLOAD } from '../../contract/admin.ts';
import type { Db } from '../db/client.ts';
import { images } from '../db/schema.ts';
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
