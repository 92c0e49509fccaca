// Chat rows → the contract's shapes (src/contract/chat.ts): a conversation as one side sees it,
// and messages with their files.
import { and, asc, eq, inArray, or, sql, gt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ChatConversation, ChatFile, ChatMessage, ChatViewerSide } from '../../../contract/chat.ts';
import type { Db, Tx } from '../../db/client.ts';
import { chatConversations, chatMessageFiles, chatMessages, images, operators, options, orderItems, orders, users } from '../../db/schema.ts';
import type { FileStorage } from '../../providers/storage.ts';

export type MessageRow = typeof chatMessages.$inferSelect;

export const fileUrl = (id: string) => `/api/v1/chat_message_files/${encodeURIComponent(id)}`;

export function fileView(f: typeof chatMessageFiles.$inferSelect): ChatFile {
  return { id: f.id, name: f.name, kind: f.kind, contentType: f.contentType, sizeBytes: f.sizeBytes, width: f.width, height: f.height, url: fileUrl(f.id) };
}

/** Messages (in the given order) with their files; `mine` for the viewer `viewerId`. */
export async function messageViews(db: Db | Tx, rows: MessageRow[], viewerId: string | null): Promise<ChatMessage[]> {
  const ids = rows.map((r) => r.id);
  const files = ids.length ? await db.select().from(chatMessageFiles).where(inArray(chatMessageFiles.messageId, ids)).orderBy(asc(chatMessageFiles.position)) : [];
  const byMessage = new Map<number, ChatFile[]>();
  for (const f of files) byMessage.set(f.messageId, [...(byMessage.get(f.messageId) ?? []), fileView(f)]);
  return rows.map((r) => ({
    id: r.id,
    conversationId: r.conversationId,
    side: r.side,
    sender: { name: r.senderName },
    mine: viewerId !== null && r.senderId === viewerId,
    body: r.body,
    files: byMessage.get(r.id) ?? [],
    removedFiles: r.removedFiles,
    clientRef: r.clientRef,
    createdAt: r.createdAt.toISOString(),
  }));
}

const tripOption = alias(options, 'trip_option');
const operatorImage = alias(images, 'operator_image');

const PREVIEW_LENGTH = 140;

/** Conversations (in the given order) as `sideOf(id)` sees each. */
export async function conversationViews(db: Db | Tx, storage: FileStorage, ids: string[], sideOf: (id: string) => ChatViewerSide): Promise<ChatConversation[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      conv: chatConversations,
      travellerName: users.name,
      travellerAvatar: users.avatarKey,
      operatorSlug: operators.slug,
      operatorName: operators.name,
      operatorImage: operatorImage.key,
      optionSlug: options.slugCode,
      optionName: options.name,
      tripId: orderItems.id,
      tripStart: orderItems.startDate,
      tripStatus: orderItems.status,
      tripNumber: orders.number,
      tripOptionName: tripOption.name,
    })
    .from(chatConversations)
    .innerJoin(users, eq(users.id, chatConversations.travellerId))
    .innerJoin(operators, eq(operators.id, chatConversations.operatorId))
    .leftJoin(operatorImage, eq(operatorImage.id, operators.imageId))
    .leftJoin(options, eq(options.id, chatConversations.optionId))
    .leftJoin(orderItems, eq(orderItems.id, chatConversations.orderItemId))
    .leftJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(tripOption, eq(tripOption.id, orderItems.optionId))
    .where(inArray(chatConversations.id, ids));

  const lastIds = rows.flatMap((r) => (r.conv.lastMessageId ? [r.conv.lastMessageId] : []));
  const last = lastIds.length
    ? await db
        .select({ id: chatMessages.id, side: chatMessages.side, body: chatMessages.body, createdAt: chatMessages.createdAt, files: sql<number>`(select count(*)::int from chat_message_files f where f.message_id = "chat_messages"."id")` })
        .from(chatMessages)
        .where(inArray(chatMessages.id, lastIds))
    : [];
  const lastById = new Map(last.map((m) => [m.id, m]));

  // Unread messages per conversation and per side that has not read them.
  const counts = await db
    .select({ id: chatMessages.conversationId, side: chatMessages.side, n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .where(
      and(
        inArray(chatMessages.conversationId, ids),
        or(
          and(eq(chatMessages.side, 'operator'), gt(chatMessages.id, chatConversations.travellerReadUpTo)),
          and(eq(chatMessages.side, 'traveller'), gt(chatMessages.id, chatConversations.operatorReadUpTo)),
        ),
      ),
    )
    .groupBy(chatMessages.conversationId, chatMessages.side);
  const unreadOf = (id: string, side: ChatViewerSide) => (side === 'admin' ? 0 : (counts.find((c) => c.id === id && c.side !== side)?.n ?? 0));

  const byId = new Map(rows.map((r) => [r.conv.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const side = sideOf(id);
    const c = r.conv;
    const travellerAvatar = r.travellerAvatar ? storage.url(r.travellerAvatar) : null;
    const operatorImageUrl = r.operatorImage ? storage.url(r.operatorImage) : null;
    const lm = c.lastMessageId ? lastById.get(c.lastMessageId) : undefined;
    const unreadCount = unreadOf(id, side);
    const mySide = side === 'admin' ? 'operator' : side;
    return [
      {
        id: c.id,
        viewerSide: side,
        traveller: { name: r.travellerName, avatarUrl: travellerAvatar },
        operator: { slug: r.operatorSlug, name: r.operatorName, imageUrl: operatorImageUrl },
        otherParty: side === 'traveller' ? { side: 'operator' as const, name: r.operatorName, imageUrl: operatorImageUrl } : side === 'operator' ? { side: 'traveller' as const, name: r.travellerName, imageUrl: travellerAvatar } : { side: 'operator' as const, name: r.operatorName, imageUrl: operatorImageUrl },
        option: r.optionSlug && r.optionName ? { slugCode: r.optionSlug, name: r.optionName } : null,
        trip: r.tripId && r.tripStart ? { id: r.tripId, number: r.tripNumber ?? null, experienceName: r.tripOptionName ?? '', startDate: r.tripStart, status: r.tripStatus ?? null } : null,
        lastMessage: lm ? { id: lm.id, side: lm.side, preview: lm.body.slice(0, PREVIEW_LENGTH), files: lm.files, createdAt: lm.createdAt.toISOString() } : null,
        unread: unreadCount > 0,
        unreadCount,
        readUpTo: mySide === 'traveller' ? c.travellerReadUpTo : c.operatorReadUpTo,
        otherReadUpTo: mySide === 'traveller' ? c.operatorReadUpTo : c.travellerReadUpTo,
        createdAt: c.createdAt.toISOString(),
        lastMessageAt: c.lastMessageAt?.toISOString() ?? null,
      },
    ];
  });
}
