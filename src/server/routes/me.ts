// GET /me (the current user, spec §7 "current user (full view)") and PATCH /me (profile: name,
// email with the current password, newsletter, country, avatar through the storage port, and a
// phone number proven with a WhatsApp code).
import { and, eq, ne, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import sharp from 'sharp';
import { MePatchBody, MeQuery } from '../../contract/accounts.ts';
import { MESSAGES } from '../../lib/auth-validation.ts';
import type { AppEnv } from '../context.ts';
import { users } from '../db/schema.ts';
import { HttpError, readBody, readQuery, reply } from '../http.ts';
import { currentUser, requireUser } from '../session.ts';
import { checkCode, normalisePhone, TEXT } from '../services/auth.ts';
import { newToken, verifyPassword } from '../services/secrets.ts';
import { byEmail, findActive, userView } from '../services/users.ts';

const AVATAR_SIZE = 256;
const MAX_AVATAR_BYTES = 1_500_000;

/** Decodes a data URL, checks it is an image and re-encodes it as a square WebP. */
async function avatarBytes(dataUrl: string): Promise<Buffer> {
  const match = /^data:image\/(jpeg|png|webp);base64,([A-Za-z0-9+/=\s]+)$/.exec(dataUrl);
  if (!match?.[2]) throw new HttpError(422, 'Choose a JPEG, PNG or WebP photo', { fields: { avatar: 'Choose a JPEG, PNG or WebP photo' } });
  const input = Buffer.from(match[2], 'base64');
  if (input.length > MAX_AVATAR_BYTES) throw new HttpError(422, 'The photo is too large (at most 1.5 MB)', { fields: { avatar: 'The photo is too large (at most 1.5 MB)' } });
  try {
    return await sharp(input, { limitInputPixels: 40_000_000 }).rotate().resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' }).webp({ quality: 82 }).toBuffer();
  } catch {
    throw new HttpError(422, 'This file is not a photo we can read', { fields: { avatar: 'This file is not a photo we can read' } });
  }
}

export function meRoutes() {
  const r = new Hono<AppEnv>();
  r.use('/me', requireUser);

  r.get('/me', async (c) => {
    const { view } = readQuery(c, MeQuery);
    return reply(c, await userView(c.var.db, c.var.providers.storage, currentUser(c).id, { full: view === 'full' }));
  });

  r.patch('/me', async (c) => {
    const me = currentUser(c);
    const body = await readBody(c, MePatchBody);
    const db = c.var.db;
    const user = await findActive(db, me.id);
    if (!user) throw new HttpError(401, 'Please log in to continue.');
    const set: Partial<typeof users.$inferInsert> = {};
    if (body.name !== undefined) set.name = body.name;
    if (body.receiveNewsletters !== undefined) set.receiveNewsletters = body.receiveNewsletters;
    if (body.country !== undefined) set.countryCode = body.country?.toUpperCase() ?? null;

    if (body.email !== undefined && body.email.toLowerCase() !== user.email.toLowerCase()) {
      if (!user.passwordHash) throw new HttpError(422, 'Create a password first: changing your email needs it', { fields: { current_password: 'Create a password first: changing your email needs it' } });
      if (!body.currentPassword || !(await verifyPassword(user.passwordHash, body.currentPassword))) {
        throw new HttpError(422, TEXT.currentPasswordWrong, { fields: { current_password: TEXT.currentPasswordWrong } });
      }
      const [taken] = await db.select({ id: users.id }).from(users).where(and(byEmail(body.email), ne(users.id, me.id))).limit(1);
      if (taken) throw new HttpError(422, MESSAGES.emailTaken, { fields: { email: MESSAGES.emailTaken } });
      set.email = body.email;
    }

    if (body.phoneNumber !== undefined) {
      const phone = normalisePhone(body.phoneNumber);
      if (!phone) throw new HttpError(422, MESSAGES.phoneInvalid, { fields: { phone_number: MESSAGES.phoneInvalid } });
      if (phone !== user.phoneNumber) {
        if (!body.whatsappCode) throw new HttpError(422, MESSAGES.codeRequired, { fields: { whatsapp_code: MESSAGES.codeRequired } });
        const checked = await checkCode(db, c.var.config.secretKey, { phoneNumber: phone, purpose: 'add_phone', userId: me.id, code: body.whatsappCode.replace(/\s+/g, '') });
        if (!checked.ok) throw new HttpError(422, checked.error, { fields: { whatsapp_code: checked.error } });
        const [owner] = await db.select({ id: users.id }).from(users).where(and(eq(users.phoneNumber, phone), ne(users.id, me.id))).limit(1);
        if (owner) throw new HttpError(422, TEXT.phoneTaken, { fields: { phone_number: TEXT.phoneTaken } });
        set.phoneNumber = phone;
      }
    }

    let oldAvatar: string | null = null;
    if (body.avatar !== undefined) {
      oldAvatar = user.avatarKey;
      if (body.avatar === null) set.avatarKey = null;
      else {
        const bytes = await avatarBytes(body.avatar);
        const key = `avatars/${me.id}/${newToken(12)}.webp`;
        await c.var.providers.storage.put(key, bytes, 'image/webp');
        set.avatarKey = key;
      }
    }

    if (Object.keys(set).length > 0) {
      try {
        await db.update(users).set({ ...set, updatedAt: sql`now()` }).where(eq(users.id, me.id));
      } catch (err) {
        if (((err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code) === '23505') {
          throw new HttpError(422, MESSAGES.emailTaken, { fields: { email: MESSAGES.emailTaken } });
        }
        throw err;
      }
    }
    if (oldAvatar && oldAvatar !== set.avatarKey) await c.var.providers.storage.delete(oldAvatar);
    return reply(c, await userView(db, c.var.providers.storage, me.id, { full: true }));
  });

  return r;
}
