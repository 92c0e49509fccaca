// Photo uploads from the back-offices (services/images.ts): the multipart form of POST
// /admin/images and POST /partner/operators/{slug}/images, read and checked the same way.
import type { Context } from 'hono';
import { ImageUploadFields, type UploadedImage } from '../../contract/admin.ts';
import type { AppEnv } from '../context.ts';
import { HttpError, validate } from '../http.ts';
import { storeUploadedPhoto } from '../services/images.ts';

/** The upload calls' paths: app.ts lets their bodies be larger than JSON's. */
export const UPLOAD_PATH = /^\/api\/v1\/(?:admin|partner\/operators\/[a-z0-9-]{1,200})\/images$/;

/** Reads `file` and `alt` from the request's multipart form and stores the photo. */
export async function uploadPhoto(c: Context<AppEnv>, operatorId: number | null): Promise<UploadedImage> {
  if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data')) {
    throw new HttpError(422, 'Send the photo as a multipart form (file and alt)', { fields: { file: 'Choose a photo to upload' } });
  }
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    throw new HttpError(422, 'The upload could not be read', { fields: { file: 'Choose a photo to upload' } });
  }
  const { alt } = validate(ImageUploadFields, { alt: typeof form['alt'] === 'string' ? form['alt'] : undefined }, 'body');
  const file = form['file'];
  if (!(file instanceof File)) throw new HttpError(422, 'Choose a photo to upload', { fields: { file: 'Choose a photo to upload' } });
  return storeUploadedPhoto(c.var.db, c.var.providers.storage, { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name }, alt, operatorId);
}
