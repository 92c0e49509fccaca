// Chat calls (src/contract/chat.ts; spec §7; issue 17; services/chat). Every call needs a signed-in
// user (401 for a guest); a conversation that is not the caller's answers 404 like one that does
// not exist. The file download is mounted apart (mountChatFileDownload): an <img src> cannot send
// the guest bearer, so its proof is the session cookie alone.
import type { Context, Hono as HonoApp } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  CHAT_FILES,
  ChatActingQuery,
  ChatConversationId,
  ChatConversationListQuery,
  ChatMessagesQuery,
  ChatSearchQuery,
  ChatTestClockBody,
  ChatThreadQuery,
  ReadChatMessagesBody,
  SendChatMessageBody,
  StartChatConversationBody,
} from '../../contract/chat.ts';
import { camelizeKeys } from '../../lib/key-case.ts';
import type { AppEnv } from '../context.ts';
import { HttpError, readBody, readParams, readQuery, reply, validate } from '../http.ts';
import { API_CSP, rateLimit, securityHeaders } from '../middleware.ts';
import { currentUser, sessionMiddleware } from '../session.ts';
import { openConversation, writingSide } from '../services/chat/access.ts';
import { assertMaySend, type ChatDeps, deleteFile, listConversations, markRead, messagesOf, readFile, searchMessages, sendMessage, startConversation, thread, typing, unreadSummary } from '../services/chat/chat.ts';
import { type PreparedFile, prepareFile } from '../services/chat/files.ts';
import { moveChatMailClock } from '../services/chat/unread-mail.ts';

/** POST /chat_messages may carry files: app.ts lets its body be larger than JSON's. */
export const CHAT_MESSAGES_PATH = /^\/api\/v1\/chat_messages$/;
export const CHAT_MESSAGE_BODY_LIMIT = CHAT_FILES.maxFiles * CHAT_FILES.maxBytes + 256 * 1024;
export const CHAT_FILE_PATH = /^\/api\/v1\/chat_message_files\/[\w-]{1,64}$/;

const ConversationParam = z.object({ id: ChatConversationId });
const FileParam = z.object({ id: z.string().regex(/^[\w-]{1,64}$/, 'File not found') });

export function chatDeps(c: Context<AppEnv>): ChatDeps {
  return { db: c.var.db, storage: c.var.providers.storage, realtime: c.var.providers.realtime, jobs: c.var.jobs, rateLimitStore: c.var.rateLimitStore, log: c.var.log, config: c.var.config };
}

/** The multipart form of a message with files: its fields (as the JSON body's) and the files. */
async function readMessageForm(c: Context<AppEnv>): Promise<{ fields: unknown; files: File[] }> {
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    throw new HttpError(422, 'The message could not be read', { fields: { files: 'Attach the files again' } });
  }
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const raw = form['files'] ?? form['files[]'];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  // A file part (not `instanceof File`: the request's File may come from another realm than ours).
  const isFile = (f: unknown): f is File => typeof f === 'object' && f !== null && typeof (f as File).arrayBuffer === 'function' && typeof (f as File).name === 'string';
  if (!list.every(isFile)) throw new HttpError(422, CHAT_FILES.typeMessage, { fields: { files: CHAT_FILES.typeMessage } });
  const fields = camelizeKeys({ conversation_id: text(form['conversation_id']), body: text(form['body']), client_ref: text(form['client_ref']) });
  return { fields: JSON.parse(JSON.stringify(fields)) as unknown, files: list };
}

export function chatRoutes() {
  const r = new Hono<AppEnv>();

  r.get('/chat_conversations', async (c) => {
    const user = currentUser(c);
    return reply(c, await listConversations(chatDeps(c), user, readQuery(c, ChatConversationListQuery)));
  });

  r.post('/chat_conversations', async (c) => {
    const user = currentUser(c);
    const { operator } = readQuery(c, ChatActingQuery);
    const body = await readBody(c, StartChatConversationBody);
    const { conversation, created } = await startConversation(chatDeps(c), user, operator, body);
    return reply(c, { conversation }, created ? 201 : 200);
  });

  r.get('/chat_conversations/:id', async (c) => {
    const user = currentUser(c);
    const { id } = readParams(c, ConversationParam);
    const { per } = readQuery(c, ChatThreadQuery);
    return reply(c, await thread(chatDeps(c), user, id, per));
  });

  r.get('/chat_conversations/:id/messages', async (c) => {
    const user = currentUser(c);
    const { id } = readParams(c, ConversationParam);
    return reply(c, await messagesOf(chatDeps(c), user, id, readQuery(c, ChatMessagesQuery)));
  });

  r.post('/chat_conversations/:id/typing', async (c) => {
    const user = currentUser(c);
    const { id } = readParams(c, ConversationParam);
    await typing(chatDeps(c), user, id);
    return c.body(null, 204);
  });

  /** The test clock for the unread e-mail (development and tests only; like the gift one). */
  r.post('/chat_conversations/:id/test-clock', async (c) => {
    if (c.var.config.isProduction || c.var.payments.name !== 'test' || !c.var.jobs) throw new HttpError(404, 'Not found');
    const user = currentUser(c);
    const { id } = readParams(c, ConversationParam);
    const { at } = await readBody(c, ChatTestClockBody);
    const { conv, side } = await openConversation(c.var.db, user, id);
    writingSide(side);
    return reply(c, await moveChatMailClock(c.var.jobs, conv, new Date(at)));
  });

  r.post('/chat_messages', async (c) => {
    const user = currentUser(c);
    const d = chatDeps(c);
    const multipart = (c.req.header('content-type') ?? '').startsWith('multipart/form-data');
    let body: z.output<typeof SendChatMessageBody>;
    let files: File[] = [];
    if (multipart) {
      const form = await readMessageForm(c);
      body = validate(SendChatMessageBody, form.fields, 'body');
      files = form.files;
    } else {
      body = await readBody(c, SendChatMessageBody);
    }
    await assertMaySend(d, user, body.conversationId, body.body, files.length);
    const prepared: PreparedFile[] = [];
    for (const f of files) prepared.push(await prepareFile({ bytes: new Uint8Array(await f.arrayBuffer()), name: f.name }));
    const { message, created } = await sendMessage(d, user, { conversationId: body.conversationId, body: body.body, clientRef: body.clientRef, files: prepared });
    return reply(c, { message }, created ? 201 : 200);
  });

  r.post('/chat_messages/read', async (c) => {
    const user = currentUser(c);
    const { conversationId, upTo } = await readBody(c, ReadChatMessagesBody);
    return reply(c, await markRead(chatDeps(c), user, conversationId, upTo));
  });

  r.get('/chat_messages/unread', async (c) => reply(c, await unreadSummary(c.var.db, currentUser(c))));

  r.get('/chat_messages/search', async (c) => {
    const user = currentUser(c);
    return reply(c, await searchMessages(chatDeps(c), user, readQuery(c, ChatSearchQuery)));
  });

  r.delete('/chat_message_files/:id', async (c) => {
    const user = currentUser(c);
    const { id } = readParams(c, FileParam);
    return reply(c, { message: await deleteFile(chatDeps(c), user, id) });
  });

  return r;
}

/**
 * GET /api/v1/chat_message_files/{id}: the file, for the two sides and admins (404 for anyone
 * else). Mounted before /api/v1's bearer check: its proof is the session cookie (an <img src> or a
 * download link cannot send the bearer); only GET, so nothing changes by a cross-site request.
 */
export function mountChatFileDownload(app: HonoApp<AppEnv>) {
  app.get(
    '/api/v1/chat_message_files/:id',
    securityHeaders(API_CSP),
    rateLimit({ bucket: 'api', limit: (c) => c.var.config.rateLimitPerMinute }),
    sessionMiddleware,
    async (c) => {
      const user = currentUser(c);
      const { id } = readParams(c, FileParam);
      const { file, bytes } = await readFile(chatDeps(c), user, id);
      const disposition = file.kind === 'image' ? 'inline' : 'attachment';
      return c.body(bytes.slice().buffer as ArrayBuffer, 200, {
        'Content-Type': file.contentType,
        'Content-Length': String(bytes.byteLength),
        'Content-Disposition': `${disposition}; filename="${file.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        // A file its sender deletes must not stay readable from the recipient's cache.
        'Cache-Control': 'private, no-cache',
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; sandbox",
      });
    },
  );
}
