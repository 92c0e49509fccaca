// The header's unread dot (spec §2 account menu "Messages (with an unread dot)", §3 "Chat unread
// check returns hasUnreadMessage", §6 "the unread-message check runs only when logged in").
// Follows `$user`: asks GET /chat_messages/unread when someone logs in, then keeps the dot live
// from the realtime socket's `chat.unread` events, and asks again after a reconnect (events sent
// while the socket was down are lost; the answer is not).
import { atom } from 'nanostores';
import type { ChatUnreadResponse } from '../contract/chat.ts';
import { chatUnread } from '../api-client/chat-unread.ts';
import { $realtimeStatus, onRealtime } from './realtime.ts';
import { $user } from './user.ts';

export const $hasUnreadMessage = atom(false);
/** The whole answer (per operator counts for the partner back-office), once asked. */
export const $chatUnread = atom<ChatUnreadResponse | null>(null);

let asked = 0;

/** Asks the server again (after a conversation was read, or a reconnect). */
export async function refreshChatUnread(load: () => Promise<{ data: ChatUnreadResponse }> = chatUnread): Promise<void> {
  if (!$user.get()) return;
  const round = ++asked;
  try {
    const { data } = await load();
    if (round !== asked || !$user.get()) return;
    $chatUnread.set(data);
    $hasUnreadMessage.set(data.hasUnreadMessage);
  } catch (err) {
    // The dot stays as it was; the next event or page asks again.
    console.warn('Could not check for unread messages', err);
  }
}

/** Started once per page by the session boot. */
export function startChatUnread(load?: () => Promise<{ data: ChatUnreadResponse }>): () => void {
  let userId: string | undefined;
  let wasOpen = false;
  const stopUser = $user.subscribe((user) => {
    if (user?.id === userId) return;
    userId = user?.id;
    asked++;
    $hasUnreadMessage.set(false);
    $chatUnread.set(null);
    if (userId) void refreshChatUnread(load);
  });
  const stopEvent = onRealtime('chat.unread', (event) => {
    if (typeof event['hasUnreadMessage'] !== 'boolean') return;
    $hasUnreadMessage.set(event['hasUnreadMessage']);
    // The per-operator counts are asked again only while an island shows them (listens).
    if ($chatUnread.lc > 0) void refreshChatUnread(load);
  });
  const stopStatus = $realtimeStatus.listen((status) => {
    if (status === 'open' && wasOpen) void refreshChatUnread(load);
    if (status === 'open') wasOpen = true;
  });
  return () => {
    stopUser();
    stopEvent();
    stopStatus();
  };
}
