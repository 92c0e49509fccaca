// Chat between travellers and operators (src/contract/chat.ts; issue 17; ADR 0037): starting or
// reusing a conversation, the lists, the thread and its paging, sending (stored before it is sent
// out over the realtime hub), read marks, the unread check, search, typing and file deletion.
import { and, asc, desc, eq, gt, inArray, isNotNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Logger } from 'pino';
import {
  CHAT_FILES,
  CHAT_MESSAGES_PER_MINUTE,
  type ChatConversation,
  type ChatConversationListQuery,
  type ChatMessage,
  type ChatMessagesQuery,
  type ChatRealtimeEvent,
  type ChatSearchQuery,
  type ChatSide,
  type ChatUnreadResponse,
  type ChatViewerSide,
  type StartChatConversationBody,
} from '../../../contract/chat.ts';
import type { Config } from '../../config.ts';
import type { CurrentUser } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { chatConversations, chatMessageFiles, chatMessages, operators, options, orderItems, orders, partnerMemberships } from '../../db/schema.ts';
import { HttpError } from '../../http.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { RateLimitStore } from '../../providers/rate-limit.ts';
import type { FileStorage } from '../../providers/storage.ts';
import type { RealtimeHub } from '../../realtime.ts';
import { openOperator } from '../partner/bookings.ts';
import { randomId } from '../secrets.ts';
import { type ConversationRow, isMemberOf, openConversation, otherSide, partyUserIds, sideIn, writingSide } from './access.ts';
import { type PreparedFile, storeFiles } from './files.ts';
import { scheduleUnreadMail } from './unread-mail.ts';
import { conversationViews, type MessageRow, messageViews } from './views.ts';

export type ChatDeps = {
  db: Db;
  storage: FileStorage;
  realtime: RealtimeHub;
  jobs: JobQueue | null;
  rateLimitStore: RateLimitStore;
  log: Logger;
  config: Pick<Config, 'mail' | 'siteUrl'>;
  now?: () => Date;
};

// ── Events ───────────────────────────────────────────────────────────────────────────
function publish(d: ChatDeps, userIds: string[], event: ChatRealtimeEvent | ((userId: string) => ChatRealtimeEvent)) {
  for (const id of new Set(userIds)) d.realtime.publish(id, typeof event === 'function' ? event(id) : event);
}

/** Whether `userId` has unread messages anywhere: as a traveller, or for an operator they belong to. */
export async function hasUnread(db: Db | Tx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .where(
      or(
        and(eq(chatConversations.travellerId, userId), gt(chatConversations.lastOperatorMessageId, chatConversations.travellerReadUpTo)),
        and(
          inArray(chatConversations.operatorId, db.select({ id: partnerMemberships.operatorId }).from(partnerMemberships).where(eq(partnerMemberships.userId, userId))),
          ne(chatConversations.travellerId, userId),
          gt(chatConversations.lastTravellerMessageId, chatConversations.operatorReadUpTo),
        ),
      ),
    )
    .limit(1);
  return Boolean(row);
}

async function publishUnread(d: ChatDeps, userIds: string[]) {
  for (const id of new Set(userIds)) d.realtime.publish(id, { type: 'chat.unread', hasUnreadMessage: await hasUnread(d.db, id) });
}

// ── Starting a conversation ──────────────────────────────────────────────────────────
type Subject = { travellerId: string; operatorId: number; optionId: number | null; orderItemId: string | null; startedBy: ChatSide };

async function subjectOf(db: Db, user: CurrentUser, acting: string | undefined, body: StartChatConversationBody): Promise<Subject> {
  if (acting) {
    const op = await openOperator(db, user, acting);
    if (op.role === 'admin') throw new HttpError(403, 'Admins can read conversations but not start them');
    if (!body.tripId || body.option || body.operatorSlug) throw new HttpError(422, 'Choose the booking to write about', { fields: { trip_id: 'Choose the booking to write about' } });
    const [item] = await db
      .select({ id: orderItems.id, optionId: orderItems.optionId, userId: orders.userId })
      .from(orderItems)
      .innerJoin(options, eq(options.id, orderItems.optionId))
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orderItems.id, body.tripId), eq(options.operatorId, op.id), isNotNull(orderItems.status)));
    if (!item) throw new HttpError(404, 'Booking not found');
    if (!item.userId) throw new HttpError(409, 'This traveller booked without an account: write to them by e-mail instead');
    return { travellerId: item.userId, operatorId: op.id, optionId: item.optionId, orderItemId: item.id, startedBy: 'operator' };
  }
  let subject: Subject;
  if (body.tripId) {
    const [item] = await db
      .select({ id: orderItems.id, optionId: orderItems.optionId, operatorId: options.operatorId })
      .from(orderItems)
      .innerJoin(options, eq(options.id, orderItems.optionId))
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orderItems.id, body.tripId), eq(orders.userId, user.id), isNotNull(orderItems.status)));
    if (!item) throw new HttpError(404, 'Trip not found');
    subject = { travellerId: user.id, operatorId: item.operatorId, optionId: item.optionId, orderItemId: item.id, startedBy: 'traveller' };
  } else if (body.option) {
    const [o] = await db.select({ id: options.id, operatorId: options.operatorId }).from(options).where(and(eq(options.slugCode, body.option), eq(options.published, true), sql`${options.deletedAt} IS NULL`));
    if (!o) throw new HttpError(404, 'Experience not found');
    subject = { travellerId: user.id, operatorId: o.operatorId, optionId: o.id, orderItemId: null, startedBy: 'traveller' };
  } else {
    const [op] = await db.select({ id: operators.id }).from(operators).where(and(eq(operators.slug, body.operatorSlug!), sql`${operators.deletedAt} IS NULL`));
    if (!op) throw new HttpError(404, 'Operator not found');
    subject = { travellerId: user.id, operatorId: op.id, optionId: null, orderItemId: null, startedBy: 'traveller' };
  }
  if (await isMemberOf(db, user.id, subject.operatorId)) {
    throw new HttpError(422, 'This is your own operator: answer its travellers from the partner back-office', { fields: { [body.tripId ? 'trip_id' : body.option ? 'option' : 'operator_slug']: 'This is your own operator' } });
  }
  return subject;
}

const sameSubject = (s: Subject): SQL =>
  and(
    eq(chatConversations.travellerId, s.travellerId),
    eq(chatConversations.operatorId, s.operatorId),
    sql`coalesce(${chatConversations.optionId}, 0) = ${s.optionId ?? 0}`,
    sql`coalesce(${chatConversations.orderItemId}, '') = ${s.orderItemId ?? ''}`,
  )!;

/** Starts a conversation about the subject, or answers the existing one (`created` false). */
export async function startConversation(d: ChatDeps, user: CurrentUser, acting: string | undefined, body: StartChatConversationBody): Promise<{ conversation: ChatConversation; created: boolean }> {
  const s = await subjectOf(d.db, user, acting, body);
  const inserted = await d.db
    .insert(chatConversations)
    .values({ id: randomId(12), travellerId: s.travellerId, operatorId: s.operatorId, optionId: s.optionId, orderItemId: s.orderItemId, startedBy: s.startedBy })
    .onConflictDoNothing()
    .returning({ id: chatConversations.id });
  const [row] = inserted.length ? inserted : await d.db.select({ id: chatConversations.id }).from(chatConversations).where(sameSubject(s));
  if (!row) throw new Error('chat: a conversation conflicted on insert but could not be found');
  const side: ChatViewerSide = s.startedBy;
  const [conversation] = await conversationViews(d.db, d.storage, [row.id], () => side);
  return { conversation: conversation!, created: inserted.length > 0 };
}

// ── Lists ────────────────────────────────────────────────────────────────────────────
/** Whose conversations a list or search shows: the caller's as a traveller, or an operator's. */
async function scopeOf(db: Db, user: CurrentUser, acting: string | undefined): Promise<{ where: SQL; side: ChatViewerSide }> {
  if (!acting) return { where: eq(chatConversations.travellerId, user.id), side: 'traveller' };
  const op = await openOperator(db, user, acting);
  return { where: eq(chatConversations.operatorId, op.id), side: op.role === 'admin' ? 'admin' : 'operator' };
}

const badCursor = () => new HttpError(422, 'Invalid cursor', { fields: { cursor: 'Start again from the first page' } });

/** Conversations with at least one message, newest activity first, by cursor. */
export async function listConversations(d: ChatDeps, user: CurrentUser, q: ChatConversationListQuery): Promise<{ conversations: ChatConversation[]; nextCursor: string | null }> {
  const scope = await scopeOf(d.db, user, q.operator);
  const parts: SQL[] = [scope.where, isNotNull(chatConversations.lastMessageId)];
  if (q.cursor) {
    const m = /^(\d+)\.(\d+)$/.exec(q.cursor);
    if (!m) throw badCursor();
    const at = new Date(Number(m[1]));
    const lastId = Number(m[2]);
    parts.push(or(lt(chatConversations.lastMessageAt, at), and(eq(chatConversations.lastMessageAt, at), lt(chatConversations.lastMessageId, lastId)))!);
  }
  const rows = await d.db
    .select({ id: chatConversations.id, at: chatConversations.lastMessageAt, lastId: chatConversations.lastMessageId })
    .from(chatConversations)
    .where(and(...parts))
    .orderBy(desc(chatConversations.lastMessageAt), desc(chatConversations.lastMessageId))
    .limit(q.per + 1);
  const page = rows.slice(0, q.per);
  const last = page[page.length - 1];
  const nextCursor = rows.length > q.per && last?.at ? `${last.at.getTime()}.${last.lastId}` : null;
  return { conversations: await conversationViews(d.db, d.storage, page.map((r) => r.id), () => scope.side), nextCursor };
}

// ── The thread ───────────────────────────────────────────────────────────────────────
async function pageOf(db: Db, conversationId: string, q: { before?: number | undefined; after?: number | undefined; per: number }): Promise<{ rows: MessageRow[]; hasMore: boolean }> {
  const parts: SQL[] = [eq(chatMessages.conversationId, conversationId)];
  if (q.after !== undefined) {
    parts.push(gt(chatMessages.id, q.after));
    const rows = await db.select().from(chatMessages).where(and(...parts)).orderBy(asc(chatMessages.id)).limit(q.per + 1);
    return { rows: rows.slice(0, q.per), hasMore: rows.length > q.per };
  }
  if (q.before !== undefined) parts.push(lt(chatMessages.id, q.before));
  const rows = await db.select().from(chatMessages).where(and(...parts)).orderBy(desc(chatMessages.id)).limit(q.per + 1);
  return { rows: rows.slice(0, q.per).reverse(), hasMore: rows.length > q.per };
}

export async function thread(d: ChatDeps, user: CurrentUser, id: string, per: number): Promise<{ conversation: ChatConversation; messages: ChatMessage[]; hasMore: boolean }> {
  const { conv, side } = await openConversation(d.db, user, id);
  const [conversation] = await conversationViews(d.db, d.storage, [conv.id], () => side);
  const { rows, hasMore } = await pageOf(d.db, conv.id, { per });
  return { conversation: conversation!, messages: await messageViews(d.db, rows, user.id), hasMore };
}

export async function messagesOf(d: ChatDeps, user: CurrentUser, id: string, q: ChatMessagesQuery): Promise<{ messages: ChatMessage[]; hasMore: boolean }> {
  const { conv } = await openConversation(d.db, user, id);
  const { rows, hasMore } = await pageOf(d.db, conv.id, q);
  return { messages: await messageViews(d.db, rows, user.id), hasMore };
}

// ── Sending ──────────────────────────────────────────────────────────────────────────
/** Per-user message budget (the rate-limit provider: shared by every process with Redis). */
async function spendMessageBudget(d: ChatDeps, user: CurrentUser) {
  const { count, resetInMs } = await d.rateLimitStore.hit(`chat-messages:${user.id}`, 60_000);
  if (count > CHAT_MESSAGES_PER_MINUTE) {
    throw new HttpError(429, 'You are sending messages too quickly. Please wait a minute and try again.', { headers: { 'Retry-After': String(Math.max(1, Math.ceil(resetInMs / 1000))) } });
  }
}

export type SendInput = { conversationId: string; body: string; clientRef?: string | undefined; files: PreparedFile[] };

async function byClientRef(db: Db, user: CurrentUser, conversationId: string, clientRef: string | undefined): Promise<MessageRow | null> {
  if (!clientRef) return null;
  const [row] = await db.select().from(chatMessages).where(and(eq(chatMessages.senderId, user.id), eq(chatMessages.clientRef, clientRef)));
  if (row && row.conversationId !== conversationId) throw new HttpError(422, 'This client reference was used in another conversation', { fields: { client_ref: 'Already used' } });
  return row ?? null;
}

/** Checks what may be sent before the files are read (side, budget, emptiness). */
export async function assertMaySend(d: ChatDeps, user: CurrentUser, conversationId: string, body: string, fileCount: number): Promise<void> {
  const { side } = await openConversation(d.db, user, conversationId);
  writingSide(side);
  if (!body && fileCount === 0) throw new HttpError(422, 'Write a message', { fields: { body: 'Write a message' } });
  if (fileCount > CHAT_FILES.maxFiles) throw new HttpError(422, `At most ${CHAT_FILES.maxFiles} files a message`, { fields: { files: `At most ${CHAT_FILES.maxFiles} files a message` } });
  await spendMessageBudget(d, user);
}

/**
 * Stores the message (and its files) with the conversation's row locked, so ids grow in commit
 * order within a conversation (a client asking `after` its last id never skips one), then sends
 * it to every user of both sides. A repeated clientRef answers the first message.
 */
export async function sendMessage(d: ChatDeps, user: CurrentUser, input: SendInput): Promise<{ message: ChatMessage; created: boolean }> {
  const { conv: found, side: viewer } = await openConversation(d.db, user, input.conversationId);
  const side = writingSide(viewer);
  const again = await byClientRef(d.db, user, found.id, input.clientRef);
  if (again) return { message: (await messageViews(d.db, [again], user.id))[0]!, created: false };

  const stored = await storeFiles(d.storage, input.files);
  let row: MessageRow;
  let conv: ConversationRow;
  try {
    ({ row, conv } = await d.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(chatConversations).where(eq(chatConversations.id, found.id)).for('update');
      if (!locked) throw new HttpError(404, 'Conversation not found');
      const now = d.now?.() ?? new Date();
      const [inserted] = await tx.insert(chatMessages).values({ conversationId: locked.id, side, senderId: user.id, senderName: user.name, body: input.body, clientRef: input.clientRef ?? null, createdAt: now }).returning();
      if (stored.length) await tx.insert(chatMessageFiles).values(stored.map((f) => ({ ...f, messageId: inserted!.id })));
      const mail = await scheduleUnreadMail(tx, d.jobs, locked, otherSide(side), now);
      const [updated] = await tx
        .update(chatConversations)
        .set({
          lastMessageId: inserted!.id,
          lastMessageAt: now,
          ...(side === 'traveller' ? { lastTravellerMessageId: inserted!.id, travellerReadUpTo: inserted!.id } : { lastOperatorMessageId: inserted!.id, operatorReadUpTo: inserted!.id }),
          ...mail,
        })
        .where(eq(chatConversations.id, locked.id))
        .returning();
      return { row: inserted!, conv: updated! };
    }));
  } catch (err) {
    await Promise.all(stored.map((f) => d.storage.delete(f.key).catch((e: unknown) => d.log.error({ err: e, key: f.key }, 'chat: could not remove a file of a message that was not stored'))));
    // Two sends with one clientRef at once: the second answers the first.
    const racing = (err as { code?: string; cause?: { code?: string } }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505';
    const first = racing ? await byClientRef(d.db, user, found.id, input.clientRef) : null;
    if (first) return { message: (await messageViews(d.db, [first], user.id))[0]!, created: false };
    throw err;
  }

  const [view] = await messageViews(d.db, [row], null);
  const parties = await partyUserIds(d.db, conv);
  const everyone = [...parties.traveller, ...parties.operator];
  publish(d, everyone, (uid) => ({ type: 'chat.message', conversationId: conv.id, message: { ...view!, mine: row.senderId === uid } }));
  publish(d, everyone, { type: 'chat.read', conversationId: conv.id, side, readUpTo: row.id });
  await publishUnread(d, parties[otherSide(side)]);
  return { message: { ...view!, mine: true }, created: true };
}

// ── Read marks and the unread check ──────────────────────────────────────────────────
export async function markRead(d: ChatDeps, user: CurrentUser, conversationId: string, upTo: number | undefined): Promise<{ conversationId: string; readUpTo: number; hasUnreadMessage: boolean }> {
  const { conv, side } = await openConversation(d.db, user, conversationId);
  if (side === 'admin') return { conversationId: conv.id, readUpTo: conv.operatorReadUpTo, hasUnreadMessage: await hasUnread(d.db, user.id) };
  const latest = conv.lastMessageId ?? 0;
  const target = Math.min(upTo ?? latest, latest);
  const column = side === 'traveller' ? chatConversations.travellerReadUpTo : chatConversations.operatorReadUpTo;
  const before = side === 'traveller' ? conv.travellerReadUpTo : conv.operatorReadUpTo;
  const [updated] = await d.db
    .update(chatConversations)
    .set(side === 'traveller' ? { travellerReadUpTo: sql`greatest(${column}, ${target})` } : { operatorReadUpTo: sql`greatest(${column}, ${target})` })
    .where(eq(chatConversations.id, conv.id))
    .returning({ traveller: chatConversations.travellerReadUpTo, operator: chatConversations.operatorReadUpTo });
  const readUpTo = side === 'traveller' ? updated!.traveller : updated!.operator;
  if (readUpTo !== before) {
    const parties = await partyUserIds(d.db, conv);
    publish(d, [...parties.traveller, ...parties.operator], { type: 'chat.read', conversationId: conv.id, side, readUpTo });
    await publishUnread(d, parties[side]);
  }
  return { conversationId: conv.id, readUpTo, hasUnreadMessage: await hasUnread(d.db, user.id) };
}

export async function unreadSummary(db: Db, user: CurrentUser): Promise<ChatUnreadResponse> {
  const [mine] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatConversations)
    .where(and(eq(chatConversations.travellerId, user.id), gt(chatConversations.lastOperatorMessageId, chatConversations.travellerReadUpTo)));
  const perOperator = await db
    .select({
      slug: operators.slug,
      name: operators.name,
      n: sql<number>`(select count(*)::int from chat_conversations c where c.operator_id = "operators"."id" and c.traveller_id <> ${user.id} and c.last_traveller_message_id > c.operator_read_up_to)`,
    })
    .from(partnerMemberships)
    .innerJoin(operators, eq(operators.id, partnerMemberships.operatorId))
    .where(eq(partnerMemberships.userId, user.id))
    .orderBy(asc(operators.name));
  const asTraveller = mine?.n ?? 0;
  const total = asTraveller + perOperator.reduce((sum, o) => sum + o.n, 0);
  return { hasUnreadMessage: total > 0, unreadConversations: total, asTraveller, operators: perOperator.map((o) => ({ slug: o.slug, name: o.name, unreadConversations: o.n })) };
}

// ── Search ───────────────────────────────────────────────────────────────────────────
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The caller's own messages (both sides of their conversations) containing `q`, newest first. */
export async function searchMessages(d: ChatDeps, user: CurrentUser, q: ChatSearchQuery): Promise<{ results: { message: ChatMessage; conversation: ChatConversation }[]; nextCursor: string | null }> {
  const scope = await scopeOf(d.db, user, q.operator);
  const parts: SQL[] = [scope.where, sql`${chatMessages.body} ILIKE ${likePattern(q.q)}`];
  if (q.cursor) {
    if (!/^\d{1,10}$/.test(q.cursor)) throw badCursor();
    parts.push(lt(chatMessages.id, Number(q.cursor)));
  }
  const rows = await d.db
    .select({ message: chatMessages })
    .from(chatMessages)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .where(and(...parts))
    .orderBy(desc(chatMessages.id))
    .limit(q.per + 1);
  const page = rows.slice(0, q.per).map((r) => r.message);
  const messages = await messageViews(d.db, page, user.id);
  const convs = await conversationViews(d.db, d.storage, [...new Set(page.map((m) => m.conversationId))], () => scope.side);
  const byId = new Map(convs.map((c) => [c.id, c]));
  return {
    results: messages.flatMap((message) => (byId.has(message.conversationId) ? [{ message, conversation: byId.get(message.conversationId)! }] : [])),
    nextCursor: rows.length > q.per ? String(page[page.length - 1]!.id) : null,
  };
}

// ── Typing ───────────────────────────────────────────────────────────────────────────
/** Tells everyone else in the conversation that the caller is typing. */
export async function typing(d: Pick<ChatDeps, 'db' | 'realtime'>, user: CurrentUser, conversationId: string): Promise<void> {
  const { conv, side } = await openConversation(d.db, user, conversationId);
  const writer = writingSide(side);
  const parties = await partyUserIds(d.db, conv);
  const event: ChatRealtimeEvent = { type: 'chat.typing', conversationId: conv.id, side: writer, name: user.name };
  for (const id of new Set([...parties.traveller, ...parties.operator])) if (id !== user.id) d.realtime.publish(id, event);
}

// ── Files ────────────────────────────────────────────────────────────────────────────
const fileNotFound = () => new HttpError(404, 'File not found');

async function fileWithAccess(db: Db, user: CurrentUser, fileId: string) {
  const [row] = await db
    .select({ file: chatMessageFiles, message: chatMessages, conv: chatConversations })
    .from(chatMessageFiles)
    .innerJoin(chatMessages, eq(chatMessages.id, chatMessageFiles.messageId))
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .where(eq(chatMessageFiles.id, fileId));
  if (!row || !(await sideIn(db, user, row.conv))) throw fileNotFound();
  return row;
}

/** A file's bytes for the two sides and admins; 404 for anyone else. */
export async function readFile(d: Pick<ChatDeps, 'db' | 'storage' | 'log'>, user: CurrentUser, fileId: string) {
  const { file } = await fileWithAccess(d.db, user, fileId);
  const bytes = await d.storage.get(file.key);
  if (!bytes) {
    d.log.error({ fileId, key: file.key }, 'chat: a file row has no stored bytes');
    throw fileNotFound();
  }
  return { file, bytes };
}

/** The sender deletes one of their files: the message stays, saying a file was removed. */
export async function deleteFile(d: ChatDeps, user: CurrentUser, fileId: string): Promise<ChatMessage> {
  const { file, message, conv } = await fileWithAccess(d.db, user, fileId);
  if (message.senderId !== user.id) throw new HttpError(403, 'Only the person who sent a file can delete it');
  const updated = await d.db.transaction(async (tx) => {
    const gone = await tx.delete(chatMessageFiles).where(eq(chatMessageFiles.id, file.id)).returning({ id: chatMessageFiles.id });
    if (gone.length === 0) throw fileNotFound();
    const [m] = await tx.update(chatMessages).set({ removedFiles: sql`${chatMessages.removedFiles} + 1` }).where(eq(chatMessages.id, message.id)).returning();
    return m!;
  });
  await d.storage.delete(file.key).catch((err: unknown) => d.log.error({ err, key: file.key }, 'chat: a deleted file could not be removed from storage'));
  const [view] = await messageViews(d.db, [updated], null);
  const parties = await partyUserIds(d.db, conv);
  publish(d, [...parties.traveller, ...parties.operator], (uid) => ({ type: 'chat.message_updated', conversationId: conv.id, message: { ...view!, mine: updated.senderId === uid } }));
  return { ...view!, mine: true };
}
