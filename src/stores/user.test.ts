import { afterEach, describe, expect, it, vi } from 'vitest';
import { $cart, setCart } from './cart.ts';
import { $sessionEnded, $sessionState, $user, completeLogin, logout, provideLogout, sessionEnded, sessionReady, setUser, type SessionUser } from './user.ts';

const user: SessionUser = { id: 'u1', name: 'Ana', email: 'ana@verdant.test', avatarUrl: null, isAdmin: false, isPartner: false, ambassadorProfile: null };
const noStorage = undefined;

describe('user store', () => {
  afterEach(() => {
    provideLogout(undefined);
    setUser(null);
  });

  it('starts signed out', () => expect($user.get()).toBeNull());

  it('logout clears the user and the cart without any server call by default', async () => {
    setUser(user);
    setCart({ id: 'c1', orderItemId: 1 }, noStorage);
    await logout();
    expect($user.get()).toBeNull();
    expect($cart.get()).toBeNull();
  });

  it('logout runs the provided server call first', async () => {
    const call = vi.fn(async () => {});
    provideLogout(call);
    setUser(user);
    await logout();
    expect(call).toHaveBeenCalledWith(user);
    expect($user.get()).toBeNull();
  });

  it('a failing call throws and keeps the user signed in', async () => {
    provideLogout(async () => {
      throw new Error("Couldn't logout for user");
    });
    setUser(user);
    await expect(logout()).rejects.toThrow("Couldn't logout for user");
    expect($user.get()).toEqual(user);
  });

  it('a session ended elsewhere forgets the user and the bag, and says so until the next log-in', () => {
    setUser(user);
    setCart({ id: 'c1', orderItemId: 1 }, noStorage);
    sessionEnded();
    expect($user.get()).toBeNull();
    expect($cart.get()).toBeNull();
    expect($sessionEnded.get()).toBe(true);
    completeLogin({ token: 't', user });
    expect($sessionEnded.get()).toBe(false);
  });

  it('checkout keeps the bag when the session ends while the form is open', () => {
    setUser(user);
    setCart({ id: 'c1', orderItemId: 1 }, noStorage);
    sessionEnded({ keepCart: true });
    expect($user.get()).toBeNull();
    expect($cart.get()).toEqual({ id: 'c1', orderItemId: 1 });
    setCart(null, noStorage);
  });

  it('sessionReady waits for the current-user answer, and answers at once when it is in', async () => {
    $sessionState.set('loading');
    let ready = false;
    const waiting = sessionReady().then(() => (ready = true));
    await Promise.resolve();
    expect(ready).toBe(false);
    setUser(user);
    $sessionState.set('ready');
    await waiting;
    expect(ready).toBe(true);
    await expect(sessionReady()).resolves.toBeUndefined();
  });

  it('sessionReady gives up waiting after its limit', async () => {
    vi.useFakeTimers();
    try {
      $sessionState.set('loading');
      let ready = false;
      const waiting = sessionReady(10_000).then(() => (ready = true));
      await vi.advanceTimersByTimeAsync(9_999);
      expect(ready).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await waiting;
      expect(ready).toBe(true);
    } finally {
      vi.useRealTimers();
      $sessionState.set('ready');
    }
  });
});
