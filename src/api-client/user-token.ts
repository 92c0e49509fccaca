// The spec's "login state" (§4, §9 storage keys): the token returned at log-in, kept in
// localStorage and sent as X-User-Token on payment calls only (ADR 0003), plus the last log-in
// method. Payment calls go through `payRequest`; nothing else ever reads the token.
//
// Storage can lose the token while the session cookie lives on (Safari's 7-day rule, "clear site
// data", privacy extensions). The server's readable `signed_in` hint says the session may be
// live; then a new token comes from POST /users/token (CSRF + cookie, like log-in), never from
// asking the traveller to log in again.
import { hasSignedInHint } from '../lib/session-hint.ts';
import { userTokenCall } from './accounts.ts';
import { ApiError, type ApiRequest, request } from './client.ts';

export const ACCESS_TOKEN_KEY = 'access_token';
export const LAST_LOGIN_METHOD_KEY = 'last_login_method';
export const USER_TOKEN_HEADER = 'X-User-Token';

/** The token of this page when storage refuses to keep it (disabled or full). */
let pageToken: string | null = null;

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function readUserToken(): string | null {
  try {
    return storage()?.getItem(ACCESS_TOKEN_KEY) || pageToken;
  } catch {
    return pageToken;
  }
}

export function storeLogin(token: string, method: string | null): void {
  pageToken = token;
  try {
    storage()?.setItem(ACCESS_TOKEN_KEY, token);
    if (method) storage()?.setItem(LAST_LOGIN_METHOD_KEY, method);
  } catch {
    // storage full or disabled: this page keeps the token; the next one asks the server again
  }
}

export function clearUserToken(): void {
  pageToken = null;
  try {
    storage()?.removeItem(ACCESS_TOKEN_KEY);
  } catch {
    // nothing stored
  }
}

/** The server's hint that this browser holds a session cookie (src/lib/session-hint.ts). */
export function signedInHint(): boolean {
  return typeof document !== 'undefined' && hasSignedInHint(document.cookie);
}

/** True when the boot should ask who is logged in: a session hint, or a token from log-in. */
export function maybeSignedIn(): boolean {
  return signedInHint() || readUserToken() !== null;
}

let renewing: Promise<string> | null = null;

/**
 * A new payment token for the live session (POST /users/token with the CSRF token, like
 * log-in), stored like log-in's. Rejects with the server's 401 when the session has ended.
 */
export function renewUserToken(): Promise<string> {
  renewing ??= (async () => {
    const { data } = await userTokenCall();
    storeLogin(data.token, null);
    return data.token;
  })().finally(() => {
    renewing = null;
  });
  return renewing;
}

/**
 * A payment call (checkouts/pay, pay_otp, pay_fail, finalize, trips/add-guests): adds
 * X-User-Token, first fetching one when a live session has none. A refused token while the
 * session lives (one from an older session of this browser) is renewed and the call sent once
 * more: the server checks the token before it records anything under the Idempotency-Key.
 */
export async function payRequest<T>(path: string, req: ApiRequest = {}) {
  const send = (token: string | null) => request<T>(path, { ...req, headers: { ...req.headers, ...(token ? { [USER_TOKEN_HEADER]: token } : {}) } });
  const token = readUserToken() ?? (signedInHint() ? await renewUserToken() : null);
  try {
    return await send(token);
  } catch (err) {
    // A 401 for an ended session also clears the hint (the server's answer), so it ends here.
    if (!(err instanceof ApiError && err.status === 401 && signedInHint())) throw err;
    return send(await renewUserToken());
  }
}
