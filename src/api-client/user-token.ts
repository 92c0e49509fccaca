// The spec's "login state" (§4, §9 storage keys): the token returned at log-in, kept in
// localStorage and sent as X-User-Token on payment calls only (ADR 0003), plus the last log-in
// method. Payment calls go through `payRequest`; nothing else ever reads the token.
import { type ApiRequest, request } from './client.ts';

export const ACCESS_TOKEN_KEY = 'access_token';
export const LAST_LOGIN_METHOD_KEY = 'last_login_method';
export const USER_TOKEN_HEADER = 'X-User-Token';

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function readUserToken(): string | null {
  try {
    return storage()?.getItem(ACCESS_TOKEN_KEY) || null;
  } catch {
    return null;
  }
}

export function storeLogin(token: string, method: string | null): void {
  try {
    storage()?.setItem(ACCESS_TOKEN_KEY, token);
    if (method) storage()?.setItem(LAST_LOGIN_METHOD_KEY, method);
  } catch {
    // storage full or disabled: the session cookie still works; payments will ask to log in again
  }
}

export function clearUserToken(): void {
  try {
    storage()?.removeItem(ACCESS_TOKEN_KEY);
  } catch {
    // nothing stored
  }
}

/** A payment call (checkouts/pay, pay_otp, pay_fail, finalize): adds X-User-Token. */
export function payRequest<T>(path: string, req: ApiRequest = {}) {
  const token = readUserToken();
  return request<T>(path, { ...req, headers: { ...req.headers, ...(token ? { [USER_TOKEN_HEADER]: token } : {}) } });
}
