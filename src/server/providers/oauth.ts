// Social log-in (Google, Facebook) through the OAuth 2 authorization-code flow with state and
// PKCE (S256), built on arctic's OAuth2Client. The browser opens the authorization address in
// a popup; the provider sends the popup back to /api/v1/oauth/{provider}/return, which hands the
// code to the page; the page posts it to /users/auth/{provider}/callback, and the server
// exchanges it here with the verifier it kept. With no client id configured (development and
// tests), the built-in test identity provider (oauth-test-idp.ts) stands in.
import { CodeChallengeMethod, OAuth2Client } from 'arctic';
import type { Config } from '../config.ts';
import type { TestIdentityProvider } from './oauth-test-idp.ts';

import type { OAuthProviderName } from '../../contract/accounts.ts';

export type { OAuthProviderName };
export type OAuthIdentity = { subject: string; email: string | null; emailVerified: boolean; name: string | null };

export interface OAuthProvider {
  readonly name: OAuthProviderName;
  /** True for the built-in test identity provider. */
  readonly isTest: boolean;
  authorizationUrl(state: string, codeVerifier: string): URL;
  exchange(code: string, codeVerifier: string): Promise<OAuthIdentity>;
}

export class OAuthExchangeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OAuthExchangeError';
  }
}

type Endpoints = { authorize: string; token: string; userinfo: string; scopes: string[] };

export const ENDPOINTS: Record<OAuthProviderName, Endpoints> = {
  google: {
    authorize: 'https://accounts.google.com/o/oauth2/v2/auth',
    token: 'https://oauth2.googleapis.com/token',
    userinfo: 'https://openidconnect.googleapis.com/v1/userinfo',
    scopes: ['openid', 'email', 'profile'],
  },
  facebook: {
    authorize: 'https://www.facebook.com/v21.0/dialog/oauth',
    token: 'https://graph.facebook.com/v21.0/oauth/access_token',
    userinfo: 'https://graph.facebook.com/me?fields=id,name,email',
    scopes: ['email', 'public_profile'],
  },
};

export const redirectUriFor = (siteUrl: string, name: OAuthProviderName) => `${siteUrl}/api/v1/oauth/${name}/return`;

/** Maps a provider's user-info answer to an identity (Google OIDC claims, Facebook Graph fields). */
export function identityFrom(name: OAuthProviderName, info: Record<string, unknown>): OAuthIdentity {
  const subject = String(info['sub'] ?? info['id'] ?? '');
  if (!subject) throw new OAuthExchangeError(`${name} returned no account id`);
  const email = typeof info['email'] === 'string' ? info['email'] : null;
  // Facebook only returns confirmed addresses; Google says so explicitly.
  const emailVerified = name === 'facebook' ? email !== null : info['email_verified'] === true || info['email_verified'] === 'true';
  return { subject, email, emailVerified, name: typeof info['name'] === 'string' ? info['name'] : null };
}

/** A real provider through arctic (token request) and its user-info endpoint. */
export class ArcticProvider implements OAuthProvider {
  readonly name: OAuthProviderName;
  readonly isTest = false;
  private readonly client: OAuth2Client;
  private readonly endpoints: Endpoints;
  private readonly fetchImpl: typeof fetch;
  constructor(name: OAuthProviderName, creds: { clientId: string; clientSecret: string }, redirectUri: string, opts: { endpoints?: Endpoints; fetch?: typeof fetch } = {}) {
    this.name = name;
    this.client = new OAuth2Client(creds.clientId, creds.clientSecret, redirectUri);
    this.endpoints = opts.endpoints ?? ENDPOINTS[name];
    this.fetchImpl = opts.fetch ?? ((...args) => fetch(...args));
  }
  authorizationUrl(state: string, codeVerifier: string): URL {
    return this.client.createAuthorizationURLWithPKCE(this.endpoints.authorize, state, CodeChallengeMethod.S256, codeVerifier, this.endpoints.scopes);
  }
  async exchange(code: string, codeVerifier: string): Promise<OAuthIdentity> {
    let accessToken: string;
    try {
      accessToken = (await this.client.validateAuthorizationCode(this.endpoints.token, code, codeVerifier)).accessToken();
    } catch (err) {
      throw new OAuthExchangeError(`${this.name} refused the code: ${err instanceof Error ? err.message : String(err)}`);
    }
    const res = await this.fetchImpl(this.endpoints.userinfo, { headers: { Authorization: `Bearer ${accessToken}` }, signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new OAuthExchangeError(`${this.name} user info answered ${res.status}`);
    return identityFrom(this.name, (await res.json()) as Record<string, unknown>);
  }
}

/** The test identity provider: the same URL shape (arctic builds it), the exchange answered in process. */
export class TestProvider implements OAuthProvider {
  readonly name: OAuthProviderName;
  readonly isTest = true;
  private readonly client: OAuth2Client;
  private readonly idp: TestIdentityProvider;
  private readonly siteUrl: string;
  private readonly redirectUri: string;
  constructor(name: OAuthProviderName, siteUrl: string, idp: TestIdentityProvider) {
    this.name = name;
    this.siteUrl = siteUrl;
    this.idp = idp;
    this.redirectUri = redirectUriFor(siteUrl, name);
    this.client = new OAuth2Client(idp.clientId(name), null, this.redirectUri);
  }
  authorizationUrl(state: string, codeVerifier: string): URL {
    return this.client.createAuthorizationURLWithPKCE(`${this.siteUrl}/dev/oauth/${this.name}/authorize`, state, CodeChallengeMethod.S256, codeVerifier, ENDPOINTS[this.name].scopes);
  }
  async exchange(code: string, codeVerifier: string): Promise<OAuthIdentity> {
    const token = this.idp.token({ provider: this.name, code, codeVerifier, redirectUri: this.redirectUri, clientId: this.idp.clientId(this.name) });
    if ('error' in token) throw new OAuthExchangeError(`test provider refused the code: ${token.error}`);
    const info = this.idp.userinfo(token.accessToken);
    if (!info) throw new OAuthExchangeError('test provider lost the token');
    return identityFrom(this.name, info);
  }
}

export type OAuthProviders = Partial<Record<OAuthProviderName, OAuthProvider>>;

export function createOAuthProviders(config: Pick<Config, 'oauth' | 'siteUrl'>, idp: TestIdentityProvider | undefined): OAuthProviders {
  const out: OAuthProviders = {};
  for (const name of ['google', 'facebook'] as const) {
    const creds = config.oauth[name];
    if (creds) out[name] = new ArcticProvider(name, creds, redirectUriFor(config.siteUrl, name));
    else if (idp) out[name] = new TestProvider(name, config.siteUrl, idp);
  }
  return out;
}
