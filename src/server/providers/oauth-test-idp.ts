// The built-in test identity provider (development and tests only, never in production): a
// tiny OAuth 2 authorization server with an authorize page where a person types the name and
// email to sign in as, a token endpoint that checks the client, the redirect address and the
// PKCE verifier (S256), and a user-info endpoint. It keeps its codes and tokens in memory.
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import type { OAuthProviderName } from '../../contract/accounts.ts';
import { newToken } from '../services/secrets.ts';

type Identity = { sub: string; email: string; email_verified: boolean; name: string };
type Grant = { provider: OAuthProviderName; clientId: string; redirectUri: string; challenge: string; identity: Identity; expiresAt: number };

const CODE_TTL_MS = 60_000;
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const isProvider = (p: string | undefined): p is OAuthProviderName => p === 'google' || p === 'facebook';
const LABEL: Record<OAuthProviderName, string> = { google: 'Google', facebook: 'Facebook' };

export class TestIdentityProvider {
  private readonly grants = new Map<string, Grant>();
  private readonly tokens = new Map<string, Identity>();
  private readonly siteUrl: string;
  constructor(siteUrl: string) {
    this.siteUrl = siteUrl;
  }

  clientId = (provider: OAuthProviderName) => `verdant-test-${provider}`;
  private redirectUri = (provider: OAuthProviderName) => `${this.siteUrl}/api/v1/oauth/${provider}/return`;

  /** Issues a code for an identity, as the authorize page does on 'Continue'. */
  authorize(input: { provider: OAuthProviderName; clientId: string; redirectUri: string; challenge: string; email: string; name: string }): string {
    const code = newToken(24);
    const email = input.email.trim().toLowerCase();
    this.grants.set(code, {
      provider: input.provider,
      clientId: input.clientId,
      redirectUri: input.redirectUri,
      challenge: input.challenge,
      identity: { sub: `test-${input.provider}-${createHash('sha256').update(email).digest('hex').slice(0, 16)}`, email, email_verified: true, name: input.name.trim() },
      expiresAt: Date.now() + CODE_TTL_MS,
    });
    return code;
  }

  token(input: { provider: OAuthProviderName; code: string; codeVerifier: string | null; redirectUri: string | null; clientId: string | null }): { accessToken: string } | { error: string } {
    const grant = this.grants.get(input.code);
    this.grants.delete(input.code); // single use, whatever happens next
    if (!grant || grant.expiresAt < Date.now() || grant.provider !== input.provider) return { error: 'invalid_grant' };
    if (input.clientId !== grant.clientId || input.redirectUri !== grant.redirectUri) return { error: 'invalid_client' };
    if (!input.codeVerifier || s256(input.codeVerifier) !== grant.challenge) return { error: 'invalid_grant' };
    const accessToken = newToken(24);
    this.tokens.set(accessToken, grant.identity);
    return { accessToken };
  }

  userinfo(accessToken: string): Identity | undefined {
    return this.tokens.get(accessToken);
  }

  /** The HTTP face: /dev/oauth/{provider}/authorize (GET page, POST decision), /token, /userinfo. */
  routes() {
    const r = new Hono();
    const page = (body: string, status: 200 | 400 = 200) =>
      new Response(
        `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Test identity provider</title><style>body{font:16px/1.5 system-ui;max-width:26rem;margin:3rem auto;padding:0 1rem;color:#1b1b1b}label{display:block;margin-top:1rem;font-weight:600}input{width:100%;padding:.6rem;font:inherit;border:1px solid #888;border-radius:8px;box-sizing:border-box}button{margin-top:1.25rem;margin-right:.5rem;padding:.6rem 1.2rem;font:inherit;border-radius:8px;border:1px solid #1f3a2e;background:#1f3a2e;color:#fff}button[value=deny]{background:#fff;color:#1f3a2e}p.note{color:#555;font-size:14px}</style>${body}</html>`,
        { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'", 'Cache-Control': 'no-store' } },
      );

    const check = (provider: string | undefined, q: (k: string) => string | undefined) => {
      if (!isProvider(provider)) return 'Unknown provider';
      if (q('client_id') !== this.clientId(provider)) return 'Unknown client_id';
      if (q('redirect_uri') !== this.redirectUri(provider)) return 'redirect_uri is not registered';
      if (q('response_type') !== 'code') return 'response_type must be code';
      if (q('code_challenge_method') !== 'S256' || !q('code_challenge')) return 'PKCE (S256) is required';
      if (!q('state')) return 'state is required';
      return undefined;
    };

    r.get('/:provider/authorize', (c) => {
      const provider = c.req.param('provider');
      const problem = check(provider, (k) => c.req.query(k));
      if (problem || !isProvider(provider)) return page(`<h1>Request refused</h1><p>${escapeHtml(problem ?? '')}</p>`, 400);
      const hidden = ['client_id', 'redirect_uri', 'response_type', 'code_challenge', 'code_challenge_method', 'state', 'scope']
        .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(c.req.query(k) ?? '')}">`)
        .join('');
      return page(
        `<h1>Sign in with ${LABEL[provider]}</h1><p class="note">Test identity provider (development only): choose who to sign in as.</p><form method="post">${hidden}<label for="email">Email</label><input id="email" name="email" type="email" required value="explorer@example.com"><label for="name">Name</label><input id="name" name="name" required value="Kai Explorer"><button name="decision" value="allow">Continue</button><button name="decision" value="deny">Cancel</button></form>`,
      );
    });

    r.post('/:provider/authorize', async (c) => {
      const provider = c.req.param('provider');
      const form = await c.req.parseBody();
      const q = (k: string) => (typeof form[k] === 'string' ? (form[k] as string) : undefined);
      const problem = check(provider, q);
      if (problem || !isProvider(provider)) return page(`<h1>Request refused</h1><p>${escapeHtml(problem ?? '')}</p>`, 400);
      const back = new URL(q('redirect_uri') ?? '');
      back.searchParams.set('state', q('state') ?? '');
      if (q('decision') !== 'allow') {
        back.searchParams.set('error', 'access_denied');
        return c.redirect(back.toString(), 302);
      }
      const email = q('email') ?? '';
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return page('<h1>Request refused</h1><p>Enter an email address.</p>', 400);
      const code = this.authorize({ provider, clientId: q('client_id') ?? '', redirectUri: q('redirect_uri') ?? '', challenge: q('code_challenge') ?? '', email, name: q('name') || email });
      back.searchParams.set('code', code);
      return c.redirect(back.toString(), 302);
    });

    r.post('/:provider/token', async (c) => {
      const provider = c.req.param('provider');
      if (!isProvider(provider)) return c.json({ error: 'invalid_request' }, 400);
      const form = await c.req.parseBody();
      const f = (k: string) => (typeof form[k] === 'string' ? (form[k] as string) : null);
      let clientId = f('client_id');
      const basic = /^Basic\s+(.+)$/i.exec(c.req.header('authorization') ?? '');
      if (basic?.[1]) clientId = decodeURIComponent(Buffer.from(basic[1], 'base64').toString().split(':')[0] ?? '');
      if (f('grant_type') !== 'authorization_code') return c.json({ error: 'unsupported_grant_type' }, 400);
      const result = this.token({ provider, code: f('code') ?? '', codeVerifier: f('code_verifier'), redirectUri: f('redirect_uri'), clientId });
      if ('error' in result) return c.json({ error: result.error }, 400);
      return c.json({ access_token: result.accessToken, token_type: 'Bearer', expires_in: 3600 });
    });

    r.get('/:provider/userinfo', (c) => {
      const token = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
      const info = token ? this.userinfo(token) : undefined;
      return info ? c.json(info) : c.json({ error: 'invalid_token' }, 401);
    });
    return r;
  }
}
