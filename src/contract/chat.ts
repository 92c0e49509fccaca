// Chat between a traveller and an operator (spec §2 /chat, /chat/{id}; §3 hasUnreadMessage; §7
// /chat_messages/search, /chat_messages/unread, /chat_conversations, chat message create and read,
// /chat_message_files/{id}; issue 17; ADR 0037).
//
// A conversation has two sides: the traveller (one user) and the operator (every partner member
// of that operator answers as the team and shares one read state). It may be about an experience
// (`option`) and/or a booked trip (`trip`, an order item). Only the two sides read or post; an
// admin may read any conversation (viewerSide 'admin') but not post. Anyone else gets 404, as
// for a conversation that does not exist; a guest gets 401.
//
// "Acting for an operator": the list, the search and the start call take `?operator=<slug>`
// (the partner's operator, as in /partner?operator=…; an admin may name any operator). Without
// it, they are the caller's own conversations as a traveller. Every call that names one
// conversation finds the caller's side by itself.
//
//   GET    /chat_conversations?operator=&cursor=&per=          → ChatConversationListResponse (newest activity first)
//   POST   /chat_conversations?operator=   StartChatConversationBody
//          → 201 ChatConversationResponse (new) | 200 (the existing one for the same subject is reused)
//          A traveller: `option` (an experience page's "Ask the operator"), `tripId` (one of their
//          trips), or `operatorSlug` (the operator's page). An operator (with ?operator=): `tripId`,
//          a booking of that operator; 409 when the booking's traveller has no account.
//   GET    /chat_conversations/{id}?per=                        → ChatThreadResponse (the newest `per` messages)
//   GET    /chat_conversations/{id}/messages?before=&after=&per= → ChatMessagesResponse
//          `before`: paging back through history; `after`: what a client that reconnects missed
//          (messages are stored before they are sent out, ids grow within a conversation).
//   POST   /chat_conversations/{id}/typing                      → 204 (also sent over the websocket, below)
//   POST   /chat_messages    SendChatMessageBody               → 201 ChatMessageResponse
//          JSON, or multipart/form-data with the same fields (conversation_id, body, client_ref)
//          plus up to CHAT_FILES.maxFiles `files` (images re-encoded, PDFs checked). 429 past the
//          per-user rate limit. A repeated `clientRef` from the same sender answers the first message.
//   POST   /chat_messages/read   ReadChatMessagesBody           → ReadChatMessagesResponse
//   GET    /chat_messages/unread                                → ChatUnreadResponse (as traveller and for every operator the user is a member of)
//   GET    /chat_messages/search?q=&operator=&cursor=&per=      → ChatSearchResponse (the caller's own conversations only)
//   GET    /chat_message_files/{id}                             → the file (image inline, PDF as attachment);
//          session cookie only, no bearer (an <img src> cannot send one); 404 to anyone else.
//   DELETE /chat_message_files/{id}                             → ChatMessageResponse (the message without it); the sender only (403 for the other side)
//   POST   /chat_conversations/{id}/test-clock  { at }          → ChatTestClockResponse (development and tests only:
//          the unread e-mail of this conversation runs as if the time were `at`)
//
// Realtime (GET /api/v1/realtime, src/stores/realtime.ts `onRealtime(type, …)`): events are JSON
// with camelCase keys (not the snake_case REST wire), sent to every user of both sides (admins
// who only read get none). See ChatRealtimeEvent. A client sends `{ "type": "chat.typing",
// "conversationId": "…" }` over the socket while the person types (at most every 3 s).
import { z } from 'zod';
import { IsoDate, IsoDateTime, queryInt, Slug } from './common.ts';
import { BookingStatus } from './booking.ts';

/** How long a message may be (characters, after trimming). */
export const CHAT_MESSAGE_MAX_LENGTH = 4000;
/** Files of one message: images (re-encoded to JPEG) and PDFs. */
export const CHAT_FILES = {
  maxFiles: 4,
  maxBytes: 10 * 1024 * 1024,
  /** Types a browser's file picker may offer (`accept`); the server decides by the bytes. */
  // No HEIC: an accept list that names it makes iOS upload its photos as HEIC, which the server
  // cannot decode; without it iOS converts them to JPEG.
  accept: 'image/jpeg,image/png,image/webp,image/avif,application/pdf',
  typeMessage: 'Attach a photo (JPEG, PNG, WebP or AVIF) or a PDF',
} as const;
/** Messages one user may send per minute (then 429). */
export const CHAT_MESSAGES_PER_MINUTE = 20;
/** A message nobody on the other side has read after this long is e-mailed (once per burst). */
export const CHAT_UNREAD_MAIL_MINUTES = 15;

const MessageId = queryInt(1, 2_147_483_647);
/** `after=0`: everything (a client that has seen nothing yet). */
const AfterMessageId = queryInt(0, 2_147_483_647);
export const ChatConversationId = z.string().regex(/^[\w-]{1,64}$/, 'Conversation not found');

export const ChatSide = z.enum(['traveller', 'operator']);
export type ChatSide = z.infer<typeof ChatSide>;
/** Who the caller is in a conversation: one of its sides, or an admin who only reads. */
export const ChatViewerSide = z.enum(['traveller', 'operator', 'admin']);
export type ChatViewerSide = z.infer<typeof ChatViewerSide>;

export const ChatFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['image', 'pdf']),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  /** Images only. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Where the two sides (and admins) download it: `/api/v1/chat_message_files/{id}` (session cookie). */
  url: z.string(),
});
export type ChatFile = z.infer<typeof ChatFileSchema>;

export const ChatMessageSchema = z.object({
  id: z.number().int(),
  conversationId: z.string(),
  side: ChatSide,
  /** The person who wrote it (an operator's member by their own name). */
  sender: z.object({ name: z.string() }),
  /** Written by the viewer themselves (only they may delete its files). */
  mine: z.boolean(),
  /** Plain text: show it as text, never as HTML. May be empty when files carry the message. */
  body: z.string(),
  files: z.array(ChatFileSchema),
  /** Files the sender deleted from this message. */
  removedFiles: z.number().int(),
  /** The sender's own key for the message (to match an optimistic bubble), or null. */
  clientRef: z.string().nullable(),
  createdAt: IsoDateTime,
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ChatLastMessageSchema = z.object({
  id: z.number().int(),
  side: ChatSide,
  /** The first 140 characters of the text ('' when only files). */
  preview: z.string(),
  files: z.number().int(),
  createdAt: IsoDateTime,
});
export type ChatLastMessage = z.infer<typeof ChatLastMessageSchema>;

export const ChatConversationSchema = z.object({
  id: z.string(),
  viewerSide: ChatViewerSide,
  traveller: z.object({ name: z.string(), avatarUrl: z.string().nullable() }),
  operator: z.object({ slug: z.string(), name: z.string(), imageUrl: z.string().nullable() }),
  /** The side the viewer talks to (for an admin: the operator). */
  otherParty: z.object({ side: ChatSide, name: z.string(), imageUrl: z.string().nullable() }),
  /** The experience it is about (its page is /experiences/{slugCode}). */
  option: z.object({ slugCode: z.string(), name: z.string() }).nullable(),
  /** The booked trip it is about (a traveller's /account/trips, an operator's booking). */
  trip: z.object({ id: z.string(), number: z.string().nullable(), experienceName: z.string(), startDate: IsoDate, status: BookingStatus.nullable() }).nullable(),
  lastMessage: ChatLastMessageSchema.nullable(),
  /** The viewer's side has messages from the other side it has not read (always false for an admin). */
  unread: z.boolean(),
  unreadCount: z.number().int(),
  /** The last message id the viewer's side has read, and the other side's (read receipts). */
  readUpTo: z.number().int(),
  otherReadUpTo: z.number().int(),
  createdAt: IsoDateTime,
  lastMessageAt: IsoDateTime.nullable(),
});
export type ChatConversation = z.infer<typeof ChatConversationSchema>;

// ── Calls ──────────────────────────────────────────────────────────────────────────────
/** `?operator=<slug>`: act for this operator (a partner's own, or any for an admin). */
export const ChatActingQuery = z.object({ operator: Slug.optional() });
export type ChatActingQuery = z.infer<typeof ChatActingQuery>;

export const ChatConversationListQuery = ChatActingQuery.extend({
  /** The `nextCursor` of the previous page. */
  cursor: z.string().max(200).optional(),
  per: queryInt(1, 50).default(20),
});
export type ChatConversationListQuery = z.infer<typeof ChatConversationListQuery>;
export const ChatConversationListResponse = z.object({ conversations: z.array(ChatConversationSchema), nextCursor: z.string().nullable() });
export type ChatConversationListResponse = z.infer<typeof ChatConversationListResponse>;

export const StartChatConversationBody = z
  .object({
    /** An experience's slugCode: the conversation is about it, with its operator. */
    option: z.string().trim().max(200).optional(),
    /** A trip (order item id): the traveller's own, or (acting for an operator) that operator's booking. */
    tripId: z.string().trim().max(64).optional(),
    /** An operator to ask about nothing in particular (a traveller only). */
    operatorSlug: Slug.optional(),
  })
  .refine((b) => Boolean(b.option || b.tripId || b.operatorSlug), { path: ['option'], message: 'Choose what the conversation is about' });
export type StartChatConversationBody = z.infer<typeof StartChatConversationBody>;
export const ChatConversationResponse = z.object({ conversation: ChatConversationSchema });
export type ChatConversationResponse = z.infer<typeof ChatConversationResponse>;

export const ChatThreadQuery = z.object({ per: queryInt(1, 100).default(30) });
export type ChatThreadQuery = z.infer<typeof ChatThreadQuery>;
/** Messages oldest first; `hasMore`: older ones exist (page back with `before` = the first id). */
export const ChatThreadResponse = z.object({ conversation: ChatConversationSchema, messages: z.array(ChatMessageSchema), hasMore: z.boolean() });
export type ChatThreadResponse = z.infer<typeof ChatThreadResponse>;

export const ChatMessagesQuery = z
  .object({ before: MessageId.optional(), after: AfterMessageId.optional(), per: queryInt(1, 200).default(50) })
  .refine((q) => q.before === undefined || q.after === undefined, { path: ['after'], message: 'Give before or after, not both' });
export type ChatMessagesQuery = z.infer<typeof ChatMessagesQuery>;
/** Oldest first. With `before`: `hasMore` = still older ones; with `after`: still newer ones (ask again from the last id). */
export const ChatMessagesResponse = z.object({ messages: z.array(ChatMessageSchema), hasMore: z.boolean() });
export type ChatMessagesResponse = z.infer<typeof ChatMessagesResponse>;

export const SendChatMessageBody = z.object({
  conversationId: ChatConversationId,
  /** Plain text; required unless files are attached. */
  body: z
    .string({ error: 'Write a message' })
    .transform((v) => v.replace(/\r\n?/g, '\n').replace(/[^\P{Cc}\n\t]/gu, '').trim())
    .pipe(z.string().max(CHAT_MESSAGE_MAX_LENGTH, `At most ${CHAT_MESSAGE_MAX_LENGTH} characters`))
    .default(''),
  clientRef: z.string().regex(/^[\w-]{1,64}$/, 'Invalid client reference').optional(),
});
export type SendChatMessageBody = z.input<typeof SendChatMessageBody>;
export const ChatMessageResponse = z.object({ message: ChatMessageSchema });
export type ChatMessageResponse = z.infer<typeof ChatMessageResponse>;

export const ReadChatMessagesBody = z.object({
  conversationId: ChatConversationId,
  /** Read up to this message (default: the newest). Never moves the read mark back. */
  upTo: z.number({ error: 'Give a message id' }).int().min(1).optional(),
});
export type ReadChatMessagesBody = z.infer<typeof ReadChatMessagesBody>;
export const ReadChatMessagesResponse = z.object({ conversationId: z.string(), readUpTo: z.number().int(), hasUnreadMessage: z.boolean() });
export type ReadChatMessagesResponse = z.infer<typeof ReadChatMessagesResponse>;

export const ChatUnreadResponse = z.object({
  /** Spec §3: the header's unread dot. */
  hasUnreadMessage: z.boolean(),
  /** Conversations with unread messages, all sides together. */
  unreadConversations: z.number().int(),
  /** As a traveller. */
  asTraveller: z.number().int(),
  /** For each operator the user is a member of. */
  operators: z.array(z.object({ slug: z.string(), name: z.string(), unreadConversations: z.number().int() })),
});
export type ChatUnreadResponse = z.infer<typeof ChatUnreadResponse>;

export const ChatSearchQuery = ChatActingQuery.extend({
  q: z
    .string({ error: 'Type at least 2 characters' })
    .transform((v) => v.replace(/\p{Cc}/gu, ' ').trim())
    .pipe(z.string().min(2, 'Type at least 2 characters').max(100, 'At most 100 characters')),
  cursor: z.string().max(200).optional(),
  per: queryInt(1, 50).default(20),
});
export type ChatSearchQuery = z.infer<typeof ChatSearchQuery>;
export const ChatSearchHitSchema = z.object({ message: ChatMessageSchema, conversation: ChatConversationSchema });
export type ChatSearchHit = z.infer<typeof ChatSearchHitSchema>;
/** Newest first. */
export const ChatSearchResponse = z.object({ results: z.array(ChatSearchHitSchema), nextCursor: z.string().nullable() });
export type ChatSearchResponse = z.infer<typeof ChatSearchResponse>;

export const ChatTestClockBody = z.object({ at: IsoDateTime });
export const ChatTestClockResponse = z.object({ due: z.boolean() });
export type ChatTestClockResponse = z.infer<typeof ChatTestClockResponse>;

// ── Realtime events (camelCase JSON over the websocket) ────────────────────────────────
export const ChatMessageEvent = z.object({ type: z.literal('chat.message'), conversationId: z.string(), message: ChatMessageSchema });
/** A message changed (a file was deleted). */
export const ChatMessageUpdatedEvent = z.object({ type: z.literal('chat.message_updated'), conversationId: z.string(), message: ChatMessageSchema });
/** Someone on `side` is typing (show it for ~5 s unless repeated). */
export const ChatTypingEvent = z.object({ type: z.literal('chat.typing'), conversationId: z.string(), side: ChatSide, name: z.string() });
/** `side` has read up to `readUpTo` (read receipts). */
export const ChatReadEvent = z.object({ type: z.literal('chat.read'), conversationId: z.string(), side: ChatSide, readUpTo: z.number().int() });
/** The user's unread state (the header's dot) may have changed. */
export const ChatUnreadEvent = z.object({ type: z.literal('chat.unread'), hasUnreadMessage: z.boolean() });
export const ChatRealtimeEvent = z.discriminatedUnion('type', [ChatMessageEvent, ChatMessageUpdatedEvent, ChatTypingEvent, ChatReadEvent, ChatUnreadEvent]);
export type ChatRealtimeEvent = z.infer<typeof ChatRealtimeEvent>;
export const CHAT_EVENT_TYPES = ['chat.message', 'chat.message_updated', 'chat.typing', 'chat.read', 'chat.unread'] as const;

/** What a client sends over the websocket while its person types. */
export const ChatTypingClientMessage = z.object({ type: z.literal('chat.typing'), conversationId: ChatConversationId });
export type ChatTypingClientMessage = z.infer<typeof ChatTypingClientMessage>;
