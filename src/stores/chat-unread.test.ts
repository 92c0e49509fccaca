import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatUnreadResponse } from '../contract/chat.ts';
import { $chatUnread, $hasUnreadMessage, startChatUnread } from './chat-unread.ts';
import { $user, setUser, type SessionUser } from './user.ts';

const user: SessionUser = { id: 'u1', name: 'Tess', email: 'tess@verdant.test', avatarUrl: null, isAdmin: false, isPartner: false, ambassadorProfile: null };
const answer = (hasUnreadMessage: boolean): { data: ChatUnreadResponse } => ({ data: { hasUnreadMessage, unreadConversations: hasUnreadMessage ? 1 : 0, asTraveller: hasUnreadMessage ? 1 : 0, operators: [] } });

describe('the unread dot', () => {
  let stop: (() => void) | undefined;
  afterEach(() => {
    stop?.();
    setUser(null);
  });

  it('asks only once someone is logged in, and clears at log-out', async () => {
    const load = vi.fn(async () => answer(true));
    stop = startChatUnread(load);
    expect(load).not.toHaveBeenCalled();
    expect($hasUnreadMessage.get()).toBe(false);
    setUser(user);
    await vi.waitFor(() => expect($hasUnreadMessage.get()).toBe(true));
    expect(load).toHaveBeenCalledTimes(1);
    expect($chatUnread.get()?.unreadConversations).toBe(1);
    $user.set(null);
    expect($hasUnreadMessage.get()).toBe(false);
    expect($chatUnread.get()).toBeNull();
  });

  it('keeps the dot as it was when the check fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const load = vi.fn(async () => {
      throw new Error('offline');
    });
    stop = startChatUnread(load);
    setUser(user);
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    expect($hasUnreadMessage.get()).toBe(false);
    warn.mockRestore();
  });
});
