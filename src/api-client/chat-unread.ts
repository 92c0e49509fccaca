// GET /chat_messages/unread (spec §3 "Chat unread check returns hasUnreadMessage"), apart from the
// other chat calls: the session boot asks it on every page of a signed-in user, so the content
// pages' first script carries this call alone, not the whole chat client.
import type { ChatUnreadResponse } from '../contract/chat.ts';
import { request } from './client.ts';

export const chatUnread = () => request<ChatUnreadResponse>('/chat_messages/unread');
