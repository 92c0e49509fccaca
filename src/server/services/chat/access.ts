// Who may open a chat conversation, and as which side (src/contract/chat.ts; ADR 0037): the
// traveller, any partner member of the operator (the team answers together), or an admin who only
// reads. Anyone else gets 404, as for a conversation that does not exist.
import { and, eq } from 'drizzle-orm';
import type { ChatSide, ChatViewerSide } from '../../../contract/chat.ts';
import type { CurrentUser } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { chatConversations, partnerMemberships } from '../../db/schema.ts';
import { HttpError } from '../../http.ts';

export type ConversationRow = typeof chatConversations.$inferSelect;
export type OpenConversation = { conv: ConversationRow; side: ChatViewerSide };

export const conversationNotFound = () => new HttpError(404, 'Conversation not found');
export const ADMINS_READ_ONLY = 'Admins can read conversations but not write in them';

export const otherSide = (side: ChatSide): ChatSide => (side === 'traveller' ? 'operator' : 'traveller');

export async function isMemberOf(db: Db | Tx, userId: string, operatorId: number): Promise<boolean> {
  const [m] = await db.select({ userId: partnerMemberships.userId }).from(partnerMemberships).where(and(eq(partnerMemberships.userId, userId), eq(partnerMemberships.operatorId, operatorId))).limit(1);
  return Boolean(m);
}

/** The caller's side in `conv`, or null when they are not allowed in. */
export async function sideIn(db: Db | Tx, user: CurrentUser, conv: ConversationRow): Promise<ChatViewerSide | null> {
  if (conv.travellerId === user.id) return 'traveller';
  if (await isMemberOf(db, user.id, conv.operatorId)) return 'operator';
  if (user.isAdmin) return 'admin';
  return null;
}

/** The conversation `id` and the caller's side in it; 404 when it does not exist or is not theirs. */
export async function openConversation(db: Db | Tx, user: CurrentUser, id: string): Promise<OpenConversation> {
  const [conv] = await db.select().from(chatConversations).where(eq(chatConversations.id, id));
  if (!conv) throw conversationNotFound();
  const side = await sideIn(db, user, conv);
  if (!side) throw conversationNotFound();
  return { conv, side };
}

/** A side that may write (403 for an admin who only reads). */
export function writingSide(side: ChatViewerSide): ChatSide {
  if (side === 'admin') throw new HttpError(403, ADMINS_READ_ONLY);
  return side;
}

/** Every user who sees the conversation as one of its sides: the traveller and the operator's members. */
export async function partyUserIds(db: Db | Tx, conv: Pick<ConversationRow, 'travellerId' | 'operatorId'>): Promise<{ traveller: string[]; operator: string[] }> {
  const members = await db.select({ userId: partnerMemberships.userId }).from(partnerMemberships).where(eq(partnerMemberships.operatorId, conv.operatorId));
  return { traveller: [conv.travellerId], operator: members.map((m) => m.userId).filter((id) => id !== conv.travellerId) };
}
