import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $isLoginModalOpen, $notice, $tooManyRequests, clearNotice, closeLoginModal, dismissTooManyRequests, NOTICE_TTL_MS, openLoginModal, reportTooManyRequests, showNotice } from './ui.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  clearNotice();
  vi.useRealTimers();
});

describe('notice bar', () => {
  it('shows a notice and clears it after the default 5000 ms', () => {
    expect(NOTICE_TTL_MS).toBe(5000);
    showNotice({ text: 'Saved to your bucket list' });
    expect($notice.get()).toMatchObject({ kind: 'notice', text: 'Saved to your bucket list' });
    vi.advanceTimersByTime(4999);
    expect($notice.get()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect($notice.get()).toBeNull();
  });

  it('honours a given ttl, and 0 keeps the notice until replaced', () => {
    showNotice({ kind: 'alert', text: 'Payment failed', ttl: 1000 });
    vi.advanceTimersByTime(1000);
    expect($notice.get()).toBeNull();
    showNotice({ text: 'Sticky', ttl: 0 });
    vi.advanceTimersByTime(60_000);
    expect($notice.get()?.text).toBe('Sticky');
  });

  it('a newer notice replaces the older one and keeps its own ttl', () => {
    const first = showNotice({ text: 'one', ttl: 1000 });
    vi.advanceTimersByTime(900);
    showNotice({ kind: 'alert', text: 'two', ttl: 1000 });
    vi.advanceTimersByTime(200);
    expect($notice.get()).toMatchObject({ kind: 'alert', text: 'two' });
    clearNotice(first);
    expect($notice.get()?.text).toBe('two');
    vi.advanceTimersByTime(800);
    expect($notice.get()).toBeNull();
  });
});

describe('flags', () => {
  it('toggles the too-many-requests flag', () => {
    reportTooManyRequests();
    expect($tooManyRequests.get()).toBe(true);
    dismissTooManyRequests();
    expect($tooManyRequests.get()).toBe(false);
  });
  it('opens and closes the login modal', () => {
    openLoginModal();
    expect($isLoginModalOpen.get()).toBe(true);
    closeLoginModal();
    expect($isLoginModalOpen.get()).toBe(false);
  });
});
