// App-wide UI state shared by the overlays (plain scripts) and the islands: the rate-limit
// flag (spec §4, §8: any 429 turns it on), the notice bar, and the login modal.
import { atom } from 'nanostores';

/** On after any 429; the 'Let's take a break' modal shows while it is on. */
export const $tooManyRequests = atom(false);
export const reportTooManyRequests = () => $tooManyRequests.set(true);
export const dismissTooManyRequests = () => $tooManyRequests.set(false);

// ── Notice bar (spec §8: alerts prefixed 'ERROR: ' in red, notices in green) ────────────
export type NoticeKind = 'alert' | 'notice';
export type Notice = { id: number; kind: NoticeKind; text: string };
/** Spec §9: a notice clears after its ttl, 5000 ms unless told otherwise. */
export const NOTICE_TTL_MS = 5000;

export const $notice = atom<Notice | null>(null);
let lastId = 0;
let clearTimer: ReturnType<typeof setTimeout> | undefined;

/** Shows one notice (replacing any other) and clears it after `ttl` ms; 0 keeps it until replaced. */
export function showNotice({ kind = 'notice', text, ttl = NOTICE_TTL_MS }: { kind?: NoticeKind; text: string; ttl?: number }): number {
  clearTimeout(clearTimer);
  const notice = { id: ++lastId, kind, text };
  $notice.set(notice);
  if (ttl > 0) clearTimer = setTimeout(() => clearNotice(notice.id), ttl);
  return notice.id;
}

/** Clears the notice bar, or only the given notice if it is still the one shown. */
export function clearNotice(id?: number): void {
  if (id !== undefined && $notice.get()?.id !== id) return;
  clearTimeout(clearTimer);
  $notice.set(null);
}

// ── Login modal (the container; its flows come with the accounts issue) ────────────────
export const $isLoginModalOpen = atom(false);
export const openLoginModal = () => $isLoginModalOpen.set(true);
export const closeLoginModal = () => $isLoginModalOpen.set(false);

// ── Footer (spec §2: it can be hidden by a flag, e.g. in chat; logging out shows it again) ──
export const $isFooterHidden = atom(false);
export const hideFooter = () => $isFooterHidden.set(true);
export const showFooter = () => $isFooterHidden.set(false);
