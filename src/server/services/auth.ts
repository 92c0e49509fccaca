// Account rules without HTTP: password log-in with the lockout, sign-up, WhatsApp codes,
// social identities, password reset tokens.
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { Db, Tx } from '../db/client.ts';
import type { SupplierInvitationResponse } from '../../contract/accounts.ts';
import {
  newsletterSubscriptions,
  operators,
  otpCodes,
  partnerMemberships,
  passwordTokens,
  supplierInvitations,
  userIdentities,
  users,
  userSecurity,
} from '../db/schema.ts';
import type { OAuthIdentity, OAuthProviderName } from '../providers/oauth.ts';
import { recordReferral } from './referrals.ts';
import { codeHash, codeMatches, hashPassword, newCode, newToken, sha256, verifyPassword } from './secrets.ts';
import { byEmail, ensureSecurity, findByEmail, newReferralCode, type UserRow } from './users.ts';

export const LOCKOUT = { maxFailures: 10, windowMs: 15 * 60 * 1000, lockMs: 15 * 60 * 1000 } as const;
export const OTP = { ttlMs: 5 * 60 * 1000, maxAttempts: 5, resendAfterMs: 30 * 1000, perHour: 5, ticketTtlMs: 15 * 60 * 1000 } as const;
export const RESET_TTL_MS = 6 * 60 * 60 * 1000;
export const RESET_RESEND_MS = 60 * 1000;

export const TEXT = {
  badCredentials: 'Invalid email or password',
  locked: 'Your account is locked for 15 minutes after too many wrong passwords. Reset your password to unlock it now.',
  deleted: (support: string) => `Account deleted with owner’s permission. For recovery, contact ${support}`,
  noPasswordYet: 'You have not created a password yet. We have sent a link to create one to your email.',
  codeExpired: 'This code has expired. Please ask for a new one.',
  codeWrong: 'The code is incorrect',
  codeTooManyTries: 'Too many wrong codes. Please ask for a new one.',
  codeWait: 'Please wait a moment before asking for another code',
  phoneTaken: 'This number is already linked to another account',
  resetInvalid: 'This password reset link is invalid or has expired. Please ask for a new one.',
  currentPasswordWrong: 'Your current password is incorrect',
  captchaFailed: 'Captcha verification failed. Please try again.',
  invitationInvalid: 'This invitation is no longer valid',
  invitationEmail: 'This invitation is for another email address',
} as const;


// ── Password log-in and the lockout ──────────────────────────────────────────
export type PasswordLogin =
  | { ok: true; user: UserRow }
  | { ok: false; reason: 'bad-credentials' | 'locked' | 'deleted' | 'no-password'; user?: UserRow };

export async function passwordLogin(db: Db, email: string, password: string, now = new Date()): Promise<PasswordLogin> {
  const user = await findByEmail(db, email);
  if (!user) {
    await verifyPassword(null, password);
    return { ok: false, reason: 'bad-credentials' };
  }
  if (user.discardedAt) return { ok: false, reason: 'deleted' };
  const security = await ensureSecurity(db, user.id);
  if (security.lockedUntil && security.lockedUntil > now) return { ok: false, reason: 'locked' };
  if (!user.passwordHash) return { ok: false, reason: 'no-password', user };
  if (await verifyPassword(user.passwordHash, password)) {
    await db.update(userSecurity).set({ failedLogins: 0, failedSince: null, lockedUntil: null, updatedAt: now }).where(eq(userSecurity.userId, user.id));
    return { ok: true, user };
  }
  const windowStart = new Date(now.getTime() - LOCKOUT.windowMs);
  const fresh = sql`${userSecurity.failedSince} IS NULL OR ${userSecurity.failedSince} < ${windowStart}`;
  const [row] = await db
    .update(userSecurity)
    .set({
      failedLogins: sql`CASE WHEN ${fresh} THEN 1 ELSE ${userSecurity.failedLogins} + 1 END`,
      failedSince: sql`CASE WHEN ${fresh} THEN ${now}::timestamptz ELSE ${userSecurity.failedSince} END`,
      updatedAt: now,
    })
    .where(eq(userSecurity.userId, user.id))
    .returning({ failed: userSecurity.failedLogins });
  if ((row?.failed ?? 0) >= LOCKOUT.maxFailures) {
    await db
      .update(userSecurity)
      .set({ lockedUntil: new Date(now.getTime() + LOCKOUT.lockMs), failedLogins: 0, failedSince: null })
      .where(eq(userSecurity.userId, user.id));
    return { ok: false, reason: 'locked' };
  }
  return { ok: false, reason: 'bad-credentials' };
}

// ── Phone numbers and WhatsApp codes ─────────────────────────────────────────
/** E.164 for a valid number, else undefined. Numbers come with their country code (+65 …). */
export function normalisePhone(input: string): string | undefined {
  const parsed = parsePhoneNumberFromString(input.trim());
  return parsed?.isValid() ? parsed.number : undefined;
}

export type IssueCode = { ok: true; id: number; code: string; expiresAt: Date } | { ok: false; retryAfterMs: number };

export async function issueCode(db: Db, secret: string, input: { phoneNumber: string; purpose: 'login' | 'add_phone'; userId: string | null; resendAfterMs?: number }, now = new Date()): Promise<IssueCode> {
  const resendAfterMs = input.resendAfterMs ?? OTP.resendAfterMs;
  const recent = await db
    .select({ createdAt: otpCodes.createdAt })
    .from(otpCodes)
    .where(and(eq(otpCodes.phoneNumber, input.phoneNumber), gt(otpCodes.createdAt, new Date(now.getTime() - 60 * 60 * 1000))))
    .orderBy(desc(otpCodes.createdAt));
  const last = recent[0];
  if (last && now.getTime() - last.createdAt.getTime() < resendAfterMs) return { ok: false, retryAfterMs: resendAfterMs - (now.getTime() - last.createdAt.getTime()) };
  if (recent.length >= OTP.perHour) {
    const oldest = recent.at(-1)!;
    return { ok: false, retryAfterMs: oldest.createdAt.getTime() + 60 * 60 * 1000 - now.getTime() };
  }
  const code = newCode();
  const expiresAt = new Date(now.getTime() + OTP.ttlMs);
  const row = await db.transaction(async (tx) => {
    // A new code replaces any earlier one for the same number and purpose.
    await tx
      .update(otpCodes)
      .set({ consumedAt: now })
      .where(and(eq(otpCodes.phoneNumber, input.phoneNumber), eq(otpCodes.purpose, input.purpose), isNull(otpCodes.consumedAt)));
    const [inserted] = await tx
      .insert(otpCodes)
      .values({ phoneNumber: input.phoneNumber, purpose: input.purpose, userId: input.userId, codeHash: codeHash(secret, code), expiresAt, createdAt: now })
      .returning({ id: otpCodes.id });
    return inserted!;
  });
  return { ok: true, id: row.id, code, expiresAt };
}

export type CheckCode = { ok: true; id: number } | { ok: false; error: string; field?: boolean };

/** Checks the latest open code of a number (and purpose/user); counts wrong tries; consumes it on success. */
export async function checkCode(db: Db, secret: string, input: { phoneNumber: string; purpose: 'login' | 'add_phone'; userId: string | null; code: string }, now = new Date()): Promise<CheckCode> {
  const [row] = await db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.phoneNumber, input.phoneNumber), eq(otpCodes.purpose, input.purpose), isNull(otpCodes.consumedAt), input.userId ? eq(otpCodes.userId, input.userId) : sql`true`))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  if (!row || row.expiresAt <= now) return { ok: false, error: TEXT.codeExpired };
  if (row.attempts >= OTP.maxAttempts) return { ok: false, error: TEXT.codeTooManyTries };
  if (!/^\d{6}$/.test(input.code) || !codeMatches(secret, input.code, row.codeHash)) {
    const [updated] = await db.update(otpCodes).set({ attempts: sql`${otpCodes.attempts} + 1` }).where(eq(otpCodes.id, row.id)).returning({ attempts: otpCodes.attempts });
    return (updated?.attempts ?? OTP.maxAttempts) >= OTP.maxAttempts ? { ok: false, error: TEXT.codeTooManyTries } : { ok: false, error: TEXT.codeWrong, field: true };
  }
  const consumed = await db.update(otpCodes).set({ consumedAt: now }).where(and(eq(otpCodes.id, row.id), isNull(otpCodes.consumedAt))).returning({ id: otpCodes.id });
  return consumed[0] ? { ok: true, id: row.id } : { ok: false, error: TEXT.codeExpired };
}

/** A verified new number: a ticket (kept in an httpOnly cookie) lets the sign-up that follows use it. */
export async function issuePhoneTicket(db: Db, otpId: number): Promise<string> {
  const ticket = newToken(24);
  await db.update(otpCodes).set({ ticketHash: sha256(ticket) }).where(eq(otpCodes.id, otpId));
  return ticket;
}

/** Uses the ticket once: answers the verified number it was issued for, within 15 minutes. */
export async function usePhoneTicket(tx: Tx, ticket: string, phoneNumber: string, now = new Date()): Promise<boolean> {
  const used = await tx
    .update(otpCodes)
    .set({ ticketHash: null })
    .where(and(eq(otpCodes.ticketHash, sha256(ticket)), eq(otpCodes.phoneNumber, phoneNumber), gt(otpCodes.consumedAt, new Date(now.getTime() - OTP.ticketTtlMs))))
    .returning({ id: otpCodes.id });
  return used.length > 0;
}

export async function findByPhone(db: Db, phoneNumber: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.phoneNumber, phoneNumber)).limit(1);
  return row;
}

// ── Supplier invitations ─────────────────────────────────────────────────────
export async function openInvitation(db: Db | Tx, code: string, now = new Date()) {
  const [row] = await db.select().from(supplierInvitations).where(eq(supplierInvitations.id, code)).limit(1);
  if (!row || row.acceptedAt || row.expiresAt <= now) return undefined;
  return row;
}

/** An open invitation as the sign-up page shows it: the address, the operator, and as what the invitee joins. */
export async function invitationView(db: Db, code: string): Promise<SupplierInvitationResponse | undefined> {
  const invitation = await openInvitation(db, code);
  if (!invitation) return undefined;
  const [op] = await db.select({ name: operators.name }).from(operators).where(eq(operators.id, invitation.operatorId));
  return { id: invitation.id, email: invitation.email, operator: op?.name ?? '', role: invitation.role };
}

// ── Sign-up ──────────────────────────────────────────────────────────────────
export type SignupInput = {
  name: string;
  email: string;
  password?: string | undefined;
  receiveNewsletters: boolean;
  phoneNumber?: string | undefined;
  countryCode: string | null;
  invitationCode?: string | null | undefined;
  osc?: string | null | undefined;
  ref?: string | null | undefined;
  method: 'email' | 'whatsapp';
};

export type SignupResult =
  | { ok: true; userId: string }
  | { ok: false; field?: string; error: string };

export class EmailTakenError extends Error {}

export async function signUp(db: Db, input: SignupInput, checkTicket?: (tx: Tx) => Promise<boolean>): Promise<SignupResult> {
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: users.id }).from(users).where(byEmail(input.email)).limit(1);
      if (existing) return { ok: false, field: 'user.email', error: 'Email has already been taken' } as const;
      let invitation: Awaited<ReturnType<typeof openInvitation>>;
      if (input.invitationCode) {
        invitation = await openInvitation(tx, input.invitationCode);
        if (!invitation) return { ok: false, field: 'code', error: TEXT.invitationInvalid } as const;
        if (invitation.email.toLowerCase() !== input.email.trim().toLowerCase()) return { ok: false, field: 'user.email', error: TEXT.invitationEmail } as const;
      }
      if (input.phoneNumber) {
        const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.phoneNumber, input.phoneNumber)).limit(1);
        if (owner) return { ok: false, field: 'user.phone_number', error: TEXT.phoneTaken } as const;
        if (!checkTicket || !(await checkTicket(tx))) return { ok: false, field: 'user.phone_number', error: 'Please verify your WhatsApp number again' } as const;
      }
      const id = newToken(16);
      await tx.insert(users).values({
        id,
        email: input.email.trim(),
        name: input.name.trim(),
        passwordHash,
        phoneNumber: input.phoneNumber ?? null,
        countryCode: input.countryCode,
        receiveNewsletters: input.receiveNewsletters,
        lastLoginMethod: input.method,
      });
      await tx.insert(userSecurity).values({ userId: id, referralCode: newReferralCode(), signupSource: input.osc?.trim() || null });
      if (input.receiveNewsletters) {
        await tx.insert(newsletterSubscriptions).values({ email: input.email.trim(), source: 'signup', countryCode: input.countryCode }).onConflictDoNothing();
      }
      if (invitation) {
        await tx.insert(partnerMemberships).values({ userId: id, operatorId: invitation.operatorId, role: invitation.role }).onConflictDoNothing();
        await tx.update(supplierInvitations).set({ acceptedAt: new Date(), acceptedUserId: id }).where(eq(supplierInvitations.id, invitation.id));
      }
      if (input.ref) await recordReferral(tx, { refereeId: id, refereeCountry: input.countryCode, referralCode: input.ref });
      return { ok: true, userId: id } as const;
    });
  } catch (err) {
    // Two sign-ups racing for one address: the unique index decides.
    const code = (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;
    if (code === '23505') return { ok: false, field: 'user.email', error: 'Email has already been taken' };
    throw err;
  }
}

// ── Social identities ────────────────────────────────────────────────────────
export type SocialResult = { ok: true; userId: string } | { ok: false; reason: 'deleted' | 'no-email' };

export async function socialSignIn(db: Db, provider: OAuthProviderName, identity: OAuthIdentity, countryCode: string | null): Promise<SocialResult> {
  return db.transaction(async (tx) => {
    const [linked] = await tx
      .select({ userId: userIdentities.userId, discardedAt: users.discardedAt })
      .from(userIdentities)
      .innerJoin(users, eq(users.id, userIdentities.userId))
      .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, identity.subject)))
      .limit(1);
    if (linked) return linked.discardedAt ? ({ ok: false, reason: 'deleted' } as const) : ({ ok: true, userId: linked.userId } as const);
    if (!identity.email || !identity.emailVerified) return { ok: false, reason: 'no-email' } as const;
    const [byMail] = await tx.select().from(users).where(byEmail(identity.email)).limit(1);
    let userId: string;
    if (byMail) {
      if (byMail.discardedAt) return { ok: false, reason: 'deleted' } as const;
      userId = byMail.id;
    } else {
      userId = newToken(16);
      await tx.insert(users).values({ id: userId, email: identity.email, name: identity.name?.trim() || identity.email.split('@')[0]!, countryCode, lastLoginMethod: provider });
      await tx.insert(userSecurity).values({ userId, referralCode: newReferralCode() });
    }
    await tx.insert(userIdentities).values({ provider, subject: identity.subject, userId, email: identity.email }).onConflictDoNothing();
    return { ok: true, userId } as const;
  });
}

// ── Password reset and creation ──────────────────────────────────────────────
/** A single-use link token (6 hours), unless one was made for this user in the last minute. */
export async function issuePasswordToken(db: Db | Tx, user: UserRow, now = new Date()): Promise<{ token: string; purpose: 'reset' | 'create' } | undefined> {
  const [recent] = await db
    .select({ createdAt: passwordTokens.createdAt })
    .from(passwordTokens)
    .where(and(eq(passwordTokens.userId, user.id), gt(passwordTokens.createdAt, new Date(now.getTime() - RESET_RESEND_MS))))
    .limit(1);
  if (recent) return undefined;
  const token = newToken(32);
  const purpose = user.passwordHash ? 'reset' : 'create';
  await db.insert(passwordTokens).values({ tokenHash: sha256(token), userId: user.id, purpose, expiresAt: new Date(now.getTime() + RESET_TTL_MS), createdAt: now });
  return { token, purpose };
}

/** Uses a reset token once: sets the password, ends every session, clears the lockout. */
export async function resetPassword(db: Db, token: string, password: string, now = new Date()): Promise<string | undefined> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(passwordTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordTokens.tokenHash, sha256(token)), isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, now)))
      .returning({ userId: passwordTokens.userId });
    if (!row) return undefined;
    const [user] = await tx.update(users).set({ passwordHash, updatedAt: now }).where(and(eq(users.id, row.userId), isNull(users.discardedAt))).returning({ id: users.id });
    if (!user) return undefined;
    await tx.update(passwordTokens).set({ usedAt: now }).where(and(eq(passwordTokens.userId, row.userId), isNull(passwordTokens.usedAt)));
    await tx.update(userSecurity).set({ failedLogins: 0, failedSince: null, lockedUntil: null }).where(eq(userSecurity.userId, row.userId));
    return row.userId;
  });
}
