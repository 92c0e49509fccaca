// /api/v1 calls of the log-in flows (spec §7): the last log-in method of an email, supplier
// invitations, WhatsApp codes and log-in, the captcha, and the OAuth popup's two ends (the
// authorization address, and the return page the provider redirects the popup to).
import { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { z } from 'zod';
import {
  LastLoginMethodParams,
  type LastLoginMethodResponse,
  SendCodeBody,
  WhatsappLoginBody,
} from '../../contract/accounts.ts';
import { MESSAGES } from '../../lib/auth-validation.ts';
import type { AppEnv } from '../context.ts';
import { HttpError, notFound, readBody, readParams, reply } from '../http.ts';
import { randomId } from '../middleware.ts';
import { OtpDeliveryError } from '../providers/otp.ts';
import { TestCaptcha } from '../providers/captcha.ts';
import { checkCode, findByPhone, invitationView, issueCode, issuePhoneTicket, normalisePhone, OTP, TEXT } from '../services/auth.ts';
import { newToken } from '../services/secrets.ts';
import { findByEmail } from '../services/users.ts';
import { accountLimit } from './account-limits.ts';
import { logIn, oauthCookie, PHONE_TICKET_COOKIE } from './users.ts';

const OAUTH_COOKIE_MAX_AGE = 10 * 60;

export function authRoutes() {
  const r = new Hono<AppEnv>();

  r.get('/last_login_methods/:email', accountLimit('emailLookup'), async (c) => {
    // Hono has decoded the segment already: decoding again turned a literal '%' into a 500.
    const { email } = readParams(c, LastLoginMethodParams);
    const user = await findByEmail(c.var.db, email);
    if (!user) throw notFound('User');
    const answer: LastLoginMethodResponse = {
      lastLoginMethod: user.discardedAt ? null : user.lastLoginMethod,
      isEmailOwnedByDiscardedUser: user.discardedAt !== null,
      shouldCreatePassword: !user.discardedAt && user.passwordHash === null,
      firstName: user.discardedAt ? null : (user.name.trim().split(/\s+/)[0] ?? null),
      supportEmail: c.var.config.supportEmail,
    };
    return reply(c, answer);
  });

  r.get('/supplier_invitations/:code', accountLimit('emailLookup'), async (c) => {
    const { code } = readParams(c, z.object({ code: z.string().min(1).max(128) }));
    const invitation = await invitationView(c.var.db, code);
    if (!invitation) throw notFound('Invitation');
    return reply(c, invitation);
  });

  r.post('/whatsapp_authentications/send_code', accountLimit('otpSend'), async (c) => {
    const body = await readBody(c, SendCodeBody);
    const phoneNumber = normalisePhone(body.phoneNumber);
    if (!phoneNumber) throw new HttpError(422, MESSAGES.phoneInvalid, { fields: { phone_number: MESSAGES.phoneInvalid } });
    const me = c.var.user;
    if (body.purpose === 'add_phone') {
      if (!me) throw new HttpError(401, 'Please log in to continue.');
      const owner = await findByPhone(c.var.db, phoneNumber);
      if (owner && owner.id !== me.id) throw new HttpError(422, TEXT.phoneTaken, { fields: { phone_number: TEXT.phoneTaken } });
    }
    const issued = await issueCode(c.var.db, c.var.config.secretKey, { phoneNumber, purpose: body.purpose, userId: body.purpose === 'add_phone' ? (me?.id ?? null) : null, resendAfterMs: c.var.config.otpResendMs });
    if (!issued.ok) throw new HttpError(429, TEXT.codeWait, { headers: { 'Retry-After': String(Math.max(1, Math.ceil(issued.retryAfterMs / 1000))) } });
    try {
      await c.var.providers.otp.send(c.var.db, phoneNumber, issued.code);
    } catch (err) {
      if (!(err instanceof OtpDeliveryError)) throw err;
      throw new HttpError(422, MESSAGES.whatsappNotLinked, { fields: { phone_number: MESSAGES.whatsappNotLinked } });
    }
    return reply(c, { expiredAt: issued.expiresAt.toISOString() });
  });

  r.post('/whatsapp_authentications/login', accountLimit('otpCheck'), async (c) => {
    const body = await readBody(c, WhatsappLoginBody);
    const phoneNumber = normalisePhone(body.phoneNumber);
    if (!phoneNumber) throw new HttpError(422, MESSAGES.phoneInvalid, { fields: { phone_number: MESSAGES.phoneInvalid } });
    const checked = await checkCode(c.var.db, c.var.config.secretKey, { phoneNumber, purpose: 'login', userId: null, code: body.whatsappCode.replace(/\s+/g, '') });
    if (!checked.ok) throw new HttpError(422, checked.error, checked.field ? { fields: { whatsapp_code: checked.error } } : {});
    const user = await findByPhone(c.var.db, phoneNumber);
    if (user?.discardedAt) throw new HttpError(403, TEXT.deleted(c.var.config.supportEmail));
    if (user) return logIn(c, user.id, 'whatsapp', body.cartId);
    // A new number: the sign-up step follows and proves the number with this ticket.
    const ticket = await issuePhoneTicket(c.var.db, checked.id);
    setCookie(c, PHONE_TICKET_COOKIE, ticket, { httpOnly: true, sameSite: 'Lax', secure: c.var.config.isProduction, path: '/', maxAge: OTP.ticketTtlMs / 1000 });
    return reply(c, {});
  });

  r.get('/captcha', (c) => {
    const captcha = c.var.providers.captcha;
    return reply(c, { provider: captcha.provider, siteKey: captcha.siteKey });
  });

  r.get('/captcha/challenge', accountLimit('signup'), (c) => {
    const captcha = c.var.providers.captcha;
    if (!(captcha instanceof TestCaptcha)) throw notFound('Challenge');
    return reply(c, { token: captcha.issue() });
  });

  r.get('/oauth/:provider/authorize', accountLimit('oauth'), (c) => {
    const name = c.req.param('provider');
    const provider = name === 'google' || name === 'facebook' ? c.var.providers.oauth[name] : undefined;
    if (!provider) throw notFound('Provider');
    const state = randomId(24);
    const verifier = newToken(48);
    setCookie(c, oauthCookie(provider.name), `${state}.${verifier}`, { httpOnly: true, sameSite: 'Lax', secure: c.var.config.isProduction, path: '/', maxAge: OAUTH_COOKIE_MAX_AGE });
    return reply(c, { url: provider.authorizationUrl(state, verifier).toString(), state });
  });

  return r;
}

/**
 * GET /api/v1/oauth/{provider}/return (bearer-exempt): the page the provider redirects the popup
 * to. It hands code and state (or the error) to the page that opened it, same origin only, and
 * closes. No Cross-Origin-Opener-Policy here, so the popup keeps its opener after the round trip.
 */
export function oauthReturnRoute() {
  const r = new Hono<AppEnv>();
  r.get('/oauth/:provider/return', (c) => {
    const provider = c.req.param('provider');
    if (provider !== 'google' && provider !== 'facebook') throw notFound('Provider');
    const nonce = randomId(16);
    const data = JSON.stringify({
      type: 'verdant:oauth',
      provider,
      code: c.req.query('code') ?? null,
      state: c.req.query('state') ?? null,
      error: c.req.query('error') ?? (c.req.query('code') ? null : 'missing_code'),
    }).replace(/</g, '\\u003c');
    const html = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Signing you in…</title><p style="font:16px system-ui;margin:2rem">Signing you in… You can close this window.</p><script nonce="${nonce}">(function(){var d=${data};try{new BroadcastChannel('verdant-oauth').postMessage(d)}catch(e){}try{if(window.opener)window.opener.postMessage(d,location.origin)}catch(e){}setTimeout(function(){window.close()},50)})();</script></html>`;
    c.header('Content-Security-Policy', `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'`);
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    const res = c.html(html);
    return res;
  });
  return r;
}
