// Main-host account calls (spec §7): POST /users/login, POST /users (sign-up), DELETE
// /users/logout, POST /users/password (instructions), PATCH /users/password (reset or change),
// POST /users/auth/{provider}/callback, POST /users/token (a new payment token for the session).
// Each needs X-CSRF-Token (double submit); none needs the guest bearer (not /api/v1 calls). Answers: `{token, user}` on log-in, `{error}` else.
import type { Context } from 'hono';
import { Hono } from 'hono';
import { deleteCookie, getCookie } from 'hono/cookie';
import { eq } from 'drizzle-orm';
import {
  LoginBody,
  OAuthCallbackBody,
  PasswordInstructionsBody,
  PasswordUpdateBody,
  SignupBody,
  type AuthResponse,
  type UserTokenResponse,
} from '../../contract/accounts.ts';
import { MESSAGES } from '../../lib/auth-validation.ts';
import type { AppEnv } from '../context.ts';
import { users } from '../db/schema.ts';
import { HttpError, notFound, readBody, reply } from '../http.ts';
import { requireCsrf } from '../middleware.ts';
import { mailOf, queueMail } from '../providers/mail.ts';
import { OAuthExchangeError } from '../providers/oauth.ts';
import { endSession, renewSessionUserToken, sessionMiddleware, startSession } from '../session.ts';
import { issuePasswordToken, normalisePhone, passwordLogin, resetPassword, signUp, socialSignIn, TEXT, usePhoneTicket } from '../services/auth.ts';
import { hashPassword, verifyPassword } from '../services/secrets.ts';
import { deleteOtherSessions, type LoginMethod } from '../services/sessions.ts';
import { findActive, findByEmail, userView } from '../services/users.ts';
import { attachCartToUser } from '../services/booking/account-seam.ts';
import { accountLimit } from './account-limits.ts';

export const PHONE_TICKET_COOKIE = 'verdant_phone_ticket';
export const oauthCookie = (provider: string) => `verdant_oauth_${provider}`;
const PROVIDER_LABEL = { google: 'Google', facebook: 'Facebook' } as const;

/** The visitor's country from the trusted proxy's header, or null. */
export function geoCountry(c: Context<AppEnv>): string | null {
  const v = c.req.header(c.var.config.geoCountryHeader)?.trim().toUpperCase();
  return v && /^[A-Z]{2}$/.test(v) && v !== 'XX' ? v : null;
}

/** Logs in and answers `{token, user}` (the token goes to localStorage for payment calls). */
export async function logIn(c: Context<AppEnv>, userId: string, method: LoginMethod, cartId?: string | null) {
  const token = await startSession(c, userId, method);
  // The guest's bag (spec: the login calls carry cartId) becomes the user's; the answer names it.
  const bag = await attachCartToUser(c.var.db, cartId, userId);
  const user = await userView(c.var.db, c.var.providers.storage, userId, { full: true });
  return reply(c, { token, user: { ...user, cartId: bag } } satisfies AuthResponse);
}

export async function sendPasswordMail(c: Context<AppEnv>, user: typeof users.$inferSelect) {
  // The token and its e-mail commit together: a token without its e-mail would also hold back
  // the next request for a minute (one was sent a moment ago).
  await c.var.db.transaction(async (tx) => {
    const issued = await issuePasswordToken(tx, user);
    if (!issued) return; // one was sent a moment ago
    const link = `${c.var.config.siteUrl}/users/password/edit?reset_password_token=${encodeURIComponent(issued.token)}`;
    const create = issued.purpose === 'create';
    await queueMail(
      tx,
      c.var,
      mailOf(user.email, create ? 'Create your Verdant password' : 'Reset your Verdant password', [
        `Hi ${user.name.split(/\s+/)[0]},`,
        '',
        create
          ? 'You have not set a password for your Verdant account yet. Create one with this link:'
          : 'Someone (hopefully you) asked to reset the password of your Verdant account. Choose a new one with this link:',
        '',
        link,
        '',
        'The link works once and expires in 6 hours. If you did not ask for it, ignore this email: your password stays as it is.',
        '',
        'The Verdant team',
      ]),
    );
  });
}

export function userRoutes() {
  const r = new Hono<AppEnv>();
  r.on(['POST', 'PATCH', 'DELETE', 'PUT'], ['/', '/*'], sessionMiddleware, requireCsrf);

  r.post('/login', accountLimit('login'), async (c) => {
    const body = await readBody(c, LoginBody);
    const result = await passwordLogin(c.var.db, body.user.email, body.user.password);
    if (result.ok) return logIn(c, result.user.id, 'email', body.cartId);
    switch (result.reason) {
      case 'locked':
        throw new HttpError(403, TEXT.locked);
      case 'deleted':
        throw new HttpError(403, TEXT.deleted(c.var.config.supportEmail));
      case 'no-password':
        if (result.user) await sendPasswordMail(c, result.user);
        throw new HttpError(422, TEXT.noPasswordYet);
      default:
        throw new HttpError(401, TEXT.badCredentials, { fields: { 'user.password': TEXT.badCredentials } });
    }
  });

  r.post('/', accountLimit('signup'), async (c) => {
    const body = await readBody(c, SignupBody);
    if (!(await c.var.providers.captcha.verify(body.captcha, c.var.clientIp))) {
      throw new HttpError(422, TEXT.captchaFailed, { fields: { captcha: TEXT.captchaFailed } });
    }
    let phoneNumber: string | undefined;
    if (body.user.phoneNumber) {
      phoneNumber = normalisePhone(body.user.phoneNumber);
      if (!phoneNumber) throw new HttpError(422, MESSAGES.phoneInvalid, { fields: { 'user.phone_number': MESSAGES.phoneInvalid } });
    }
    const ticket = getCookie(c, PHONE_TICKET_COOKIE);
    const result = await signUp(
      c.var.db,
      {
        name: body.user.name,
        email: body.user.email,
        password: body.user.password,
        receiveNewsletters: body.user.receiveNewletters,
        phoneNumber,
        countryCode: geoCountry(c),
        invitationCode: body.code,
        osc: body.osc,
        ref: body.ref,
        method: phoneNumber ? 'whatsapp' : 'email',
      },
      phoneNumber && ticket ? ((verified: string) => (tx: Parameters<typeof usePhoneTicket>[0]) => usePhoneTicket(tx, ticket, verified))(phoneNumber) : undefined,
    );
    if (!result.ok) throw new HttpError(422, result.error, result.field ? { fields: { [result.field]: result.error } } : {});
    if (phoneNumber) deleteCookie(c, PHONE_TICKET_COOKIE, { path: '/' });
    return logIn(c, result.userId, phoneNumber ? 'whatsapp' : 'email', body.cartId);
  });

  // The payment token again, for a browser whose storage lost it (ADR 0003): the session cookie
  // plus the CSRF double submit, so only the storefront's own pages can ask.
  r.post('/token', accountLimit('token'), async (c) => reply(c, { token: await renewSessionUserToken(c) } satisfies UserTokenResponse));

  r.delete('/logout', async (c) => {
    await endSession(c);
    return reply(c, { loggedOut: true });
  });

  r.post('/password', accountLimit('password'), async (c) => {
    const body = await readBody(c, PasswordInstructionsBody);
    const user = await findByEmail(c.var.db, body.user.email);
    if (user && !user.discardedAt) await sendPasswordMail(c, user);
    // The same answer whether or not the address has an account.
    return reply(c, { sent: true });
  });

  r.patch('/password', accountLimit('password'), async (c) => {
    const body = await readBody(c, PasswordUpdateBody);
    const { resetPasswordToken, currentPassword, password } = body.user;
    if (resetPasswordToken) {
      const userId = await resetPassword(c.var.db, resetPasswordToken, password);
      if (!userId) throw new HttpError(422, TEXT.resetInvalid, { fields: { 'user.reset_password_token': TEXT.resetInvalid } });
      await deleteOtherSessions(c.var.db, userId, null);
      return logIn(c, userId, 'email');
    }
    const me = c.var.user;
    if (!me) throw new HttpError(401, 'Please log in to continue.');
    const user = await findActive(c.var.db, me.id);
    if (!user) throw new HttpError(401, 'Please log in to continue.');
    if (!user.passwordHash) throw new HttpError(422, 'You have no password yet: ask for a link to create one.');
    if (!currentPassword || !(await verifyPassword(user.passwordHash, currentPassword))) {
      throw new HttpError(422, TEXT.currentPasswordWrong, { fields: { 'user.current_password': TEXT.currentPasswordWrong } });
    }
    await c.var.db.update(users).set({ passwordHash: await hashPassword(password), updatedAt: new Date() }).where(eq(users.id, user.id));
    await deleteOtherSessions(c.var.db, user.id, me.sessionId);
    return reply(c, { user: await userView(c.var.db, c.var.providers.storage, user.id) });
  });

  r.post('/auth/:provider/callback', accountLimit('oauth'), async (c) => {
    const name = c.req.param('provider');
    if (name !== 'google' && name !== 'facebook') throw notFound('Provider');
    const failed = `Unable to connect with ${PROVIDER_LABEL[name]}`;
    const provider = c.var.providers.oauth[name];
    if (!provider) throw new HttpError(422, failed);
    const body = await readBody(c, OAuthCallbackBody);
    const kept = getCookie(c, oauthCookie(name)) ?? '';
    deleteCookie(c, oauthCookie(name), { path: '/' });
    const [state, verifier] = kept.split('.');
    if (!state || !verifier || state !== body.state) throw new HttpError(422, failed);
    let identity;
    try {
      identity = await provider.exchange(body.code, verifier);
    } catch (err) {
      if (!(err instanceof OAuthExchangeError)) throw err;
      c.var.log.warn({ err, provider: name }, 'social log-in failed');
      throw new HttpError(422, failed);
    }
    const result = await socialSignIn(c.var.db, name, identity, geoCountry(c));
    if (!result.ok) throw new HttpError(result.reason === 'deleted' ? 403 : 422, result.reason === 'deleted' ? TEXT.deleted(c.var.config.supportEmail) : failed);
    return logIn(c, result.userId, name, body.cartId);
  });

  return r;
}
