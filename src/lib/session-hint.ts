// The readable half of a session (ADR 0003): the server sets `signed_in=1` beside the httpOnly
// session cookie, with the same path and expiry, and clears both together. It holds no secret;
// it only tells the storefront's boot that asking "who is logged in" is worth a call, so guests
// make none and a browser whose storage was wiped still learns its session from the server.
export const SIGNED_IN_COOKIE = 'signed_in';

/** True when `cookies` (document.cookie) carries the hint. */
export function hasSignedInHint(cookies: string): boolean {
  return cookies.split(';').some((part) => part.trim() === `${SIGNED_IN_COOKIE}=1`);
}
