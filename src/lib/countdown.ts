// Spec §4/§9 countdown: from an expiry time (UTC) to hh:mm:ss, two digits each, hours taken
// modulo 24; done when all three reach zero. The code step starts at 5 minutes from now and
// then follows the server's expiredAt.
export const CODE_COUNTDOWN_MS = 5 * 60 * 1000;
export const COUNTDOWN_TICK_MS = 1000;

export type Countdown = { hours: string; minutes: string; seconds: string; done: boolean; text: string };

const two = (n: number) => String(n).padStart(2, '0');

export function countdown(expiresAt: Date | string | number, now: number = Date.now()): Countdown {
  const end = new Date(expiresAt).getTime();
  const left = Number.isFinite(end) ? Math.max(0, Math.ceil((end - now) / 1000)) : 0;
  const h = Math.floor(left / 3600) % 24;
  const m = Math.floor((left % 3600) / 60);
  const s = left % 60;
  const parts = { hours: two(h), minutes: two(m), seconds: two(s) };
  return { ...parts, done: h === 0 && m === 0 && s === 0, text: `${parts.hours}:${parts.minutes}:${parts.seconds}` };
}

/**
 * The code step's expiry on this device's clock: the server's expiredAt shifted by the gap
 * between the two clocks (the answer's Date header), so a device whose clock is off still counts
 * down the real time left; 5 minutes from now when the server gave nothing usable.
 */
export function codeExpiry(expiredAt: string | null | undefined, serverDate: string | null | undefined, now: number = Date.now()): Date {
  const expiry = expiredAt ? Date.parse(expiredAt) : Number.NaN;
  const server = serverDate ? Date.parse(serverDate) : Number.NaN;
  if (Number.isFinite(expiry) && Number.isFinite(server)) return new Date(now + Math.max(0, Math.min(expiry - server, CODE_COUNTDOWN_MS)));
  if (Number.isFinite(expiry)) return new Date(expiry);
  return new Date(now + CODE_COUNTDOWN_MS);
}
