// Chat calls (src/contract/chat.ts; issue 17): starting and reusing conversations, the lists, the
// thread's paging, sending with files, read marks and the unread check, search, typing, file
// deletion, the per-user rate limit, realtime events, and the unread e-mail on the test clock.
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_MESSAGES_PER_MINUTE,
  ChatConversationListResponse,
  ChatConversationResponse,
  ChatMessageResponse,
  ChatMessagesResponse,
  ChatRealtimeEvent,
  ChatSearchResponse,
  ChatThreadResponse,
  ChatUnreadResponse,
  ReadChatMessagesResponse,
} from '../../contract/chat.ts';
import { camelizeKeys } from '../../lib/key-case.ts';
import { chatConversations, operators, options, outbox, users } from '../db/schema.ts';
import { QUEUES } from '../jobs/queue.ts';
import { chatUnreadMailHandler } from '../jobs/workers.ts';
import { sendUnreadMail } from '../services/chat/unread-mail.ts';
import { RealtimeHub } from '../realtime.ts';
import { Agent } from '../testing/agent.ts';
import { bookAs, expectStatus, pickOption } from '../testing/booking.ts';
import { createTestAppWithProviders, TEST_API_KEY, type TestApp } from '../testing/test-app.ts';

const hub = new RealtimeHub();
let t: TestApp;
let traveller: Agent;
let partner: Agent;
let admin: Agent;
let stranger: Agent;
let guest: Agent;
let opA: { id: number; slug: string; email: string; name: string };
let optionA: { id: number; slugCode: string };
let ip = 0;
const agent = async (email?: string) => {
  const a = new Agent(t, `198.51.102.${++ip}`);
  if (email) await a.login(email);
  return a;
};
const userId = async (email: string) => (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

/** A fake socket of `email` on the hub: what it receives, parsed with the contract. */
async function listenAs(email: string) {
  const events: ChatRealtimeEvent[] = [];
  hub.add(await userId(email), 'test-session', { send: (data) => events.push(ChatRealtimeEvent.parse(JSON.parse(data))), close: () => undefined });
  return events;
}

beforeAll(async () => {
  t = await createTestAppWithProviders({ realtime: hub });
  const [a] = await t.db.select({ id: operators.id, slug: operators.slug, email: operators.contactEmail, name: operators.name }).from(operators).where(eq(operators.slug, 'ubin-paddle-co'));
  opA = a!;
  optionA = await pickOption(t.db, [eq(options.operatorId, opA.id)]);
  traveller = await agent('traveller@verdant.test');
  partner = await agent('partner@verdant.test');
  admin = await agent('admin@verdant.test');
  stranger = await agent('explorer@verdant.test');
  guest = await agent();
  // The demo seed's conversations (checked here once) would be reused by the tests' subjects: start clean.
  demo = ChatConversationListResponse.parse((await traveller.get('/api/v1/chat_conversations')).body).conversations;
  demoUnread = ChatUnreadResponse.parse((await traveller.get('/api/v1/chat_messages/unread')).body);
  await t.db.delete(chatConversations);
});
afterAll(() => t.close());

let demo: ChatConversationListResponse['conversations'] = [];
let demoUnread: ChatUnreadResponse;
it('the demo seed has two conversations between the traveller and Ubin Paddle Co., one with an unread answer', () => {
  expect(demo.map((c) => [c.operator.slug, c.unread, c.option !== null])).toEqual([
    ['ubin-paddle-co', true, false],
    ['ubin-paddle-co', false, true],
  ]);
  expect(demoUnread).toMatchObject({ hasUnreadMessage: true, asTraveller: 1 });
});

async function start(who: Agent, body: Record<string, unknown>, query = '') {
  const r = await who.post(`/api/v1/chat_conversations${query}`, body);
  if (r.status >= 500) throw new Error(`start: ${r.status} ${JSON.stringify(r.raw)}`);
  return r;
}
async function send(who: Agent, conversationId: string, body: string, extra: Record<string, unknown> = {}) {
  const r = await who.post('/api/v1/chat_messages', { conversationId, body, ...extra });
  expectStatus(r, 201);
  return ChatMessageResponse.parse(r.body).message;
}

describe('starting a conversation', () => {
  it('a traveller asks about an experience: 201 the first time, 200 and the same conversation after', async () => {
    const first = await start(traveller, { option: optionA.slugCode });
    expectStatus(first, 201);
    const { conversation } = ChatConversationResponse.parse(first.body);
    expect(conversation).toMatchObject({ viewerSide: 'traveller', option: { slugCode: optionA.slugCode }, operator: { slug: opA.slug }, otherParty: { side: 'operator', name: opA.name }, lastMessage: null, unread: false });
    const again = await start(traveller, { option: optionA.slugCode });
    expectStatus(again, 200);
    expect(ChatConversationResponse.parse(again.body).conversation.id).toBe(conversation.id);
    // A question to the operator itself is another conversation.
    const general = await start(traveller, { operatorSlug: opA.slug });
    expectStatus(general, 201);
    expect(ChatConversationResponse.parse(general.body).conversation.id).not.toBe(conversation.id);
  });

  it('bad input answers 422 with field messages; unknown subjects 404; a guest 401', async () => {
    const empty = await start(traveller, {});
    expectStatus(empty, 422);
    expect(empty.body.fields).toEqual({ option: 'Choose what the conversation is about' });
    const badSlug = await start(traveller, { operatorSlug: 'Not a slug!' });
    expectStatus(badSlug, 422);
    expect(badSlug.body.fields?.['operatorSlug']).toBeTruthy();
    expectStatus(await start(traveller, { option: 'no-such-experience' }), 404);
    expectStatus(await start(traveller, { tripId: 'no-such-trip' }), 404);
    expectStatus(await start(guest, { option: optionA.slugCode }), 401);
    // A partner does not ask their own operator as a traveller.
    const own = await start(partner, { option: optionA.slugCode });
    expectStatus(own, 422);
    expect(own.body.fields?.['option']).toBe('This is your own operator');
  });

  it('an operator starts one from a booking (acting with ?operator=); the traveller reuses it from the trip', async () => {
    const booked = await bookAs(t, traveller, await pickOption(t.db, [eq(options.operatorId, opA.id), eq(options.bookType, 'instant')]));
    const r = await start(partner, { tripId: booked.itemId }, `?operator=${opA.slug}`);
    expectStatus(r, 201);
    const { conversation } = ChatConversationResponse.parse(r.body);
    expect(conversation).toMatchObject({ viewerSide: 'operator', trip: { id: booked.itemId }, otherParty: { side: 'traveller', name: 'Tess Traveller' } });
    const fromTrip = await start(traveller, { tripId: booked.itemId });
    expectStatus(fromTrip, 200);
    expect(ChatConversationResponse.parse(fromTrip.body).conversation).toMatchObject({ id: conversation.id, viewerSide: 'traveller' });
    // Acting for an operator needs a booking of that operator.
    const noTrip = await start(partner, { option: optionA.slugCode }, `?operator=${opA.slug}`);
    expectStatus(noTrip, 422);
    expect(noTrip.body.fields).toEqual({ tripId: 'Choose the booking to write about' });
    const [other] = await t.db.select({ slug: operators.slug }).from(operators).where(ne(operators.id, opA.id)).limit(1);
    expectStatus(await start(partner, { tripId: booked.itemId }, `?operator=${other!.slug}`), 404);
    expectStatus(await start(traveller, { tripId: booked.itemId }, `?operator=${opA.slug}`), 404);
    // Someone else's trip is not found.
    expectStatus(await start(stranger, { tripId: booked.itemId }), 404);
    // An admin reads but does not start conversations.
    expectStatus(await start(admin, { tripId: booked.itemId }, `?operator=${opA.slug}`), 403);
  });
});

describe('messages, read marks and the unread check', () => {
  it('a message reaches both sides live, the operator sees it unread, reading clears the dot', async () => {
    const travellerEvents = await listenAs('traveller@verdant.test');
    const partnerEvents = await listenAs('partner@verdant.test');
    const { conversation } = ChatConversationResponse.parse((await start(traveller, { option: optionA.slugCode })).body);
    const message = await send(traveller, conversation.id, 'Hello! Is the <b>morning</b> kayak OK for a 7-year-old?');
    // Plain text, kept as typed (never turned into HTML).
    expect(message).toMatchObject({ side: 'traveller', mine: true, body: 'Hello! Is the <b>morning</b> kayak OK for a 7-year-old?', sender: { name: 'Tess Traveller' }, files: [] });
    expect(partnerEvents).toContainEqual({ type: 'chat.message', conversationId: conversation.id, message: { ...message, mine: false } });
    expect(travellerEvents).toContainEqual({ type: 'chat.message', conversationId: conversation.id, message });
    expect(partnerEvents).toContainEqual({ type: 'chat.unread', hasUnreadMessage: true });

    const unread = ChatUnreadResponse.parse((await partner.get('/api/v1/chat_messages/unread')).body);
    expect(unread.hasUnreadMessage).toBe(true);
    expect(unread.operators).toContainEqual(expect.objectContaining({ slug: opA.slug }));
    const list = ChatConversationListResponse.parse((await partner.get(`/api/v1/chat_conversations?operator=${opA.slug}`)).body);
    const row = list.conversations.find((c) => c.id === conversation.id)!;
    expect(row).toMatchObject({ viewerSide: 'operator', unread: true, unreadCount: 1, lastMessage: { id: message.id, side: 'traveller' }, otherParty: { side: 'traveller' } });
    // The traveller's own list shows it read (they wrote it).
    const mine = ChatConversationListResponse.parse((await traveller.get('/api/v1/chat_conversations')).body);
    expect(mine.conversations.find((c) => c.id === conversation.id)).toMatchObject({ unread: false, readUpTo: message.id, otherReadUpTo: 0 });

    partnerEvents.length = 0;
    const read = await partner.post('/api/v1/chat_messages/read', { conversationId: conversation.id });
    expectStatus(read, 200);
    expect(ReadChatMessagesResponse.parse(read.body)).toMatchObject({ conversationId: conversation.id, readUpTo: message.id });
    expect(travellerEvents).toContainEqual({ type: 'chat.read', conversationId: conversation.id, side: 'operator', readUpTo: message.id });
    expect(partnerEvents).toContainEqual({ type: 'chat.unread', hasUnreadMessage: ChatUnreadResponse.parse((await partner.get('/api/v1/chat_messages/unread')).body).hasUnreadMessage });
    const after = ChatConversationListResponse.parse((await partner.get(`/api/v1/chat_conversations?operator=${opA.slug}`)).body);
    expect(after.conversations.find((c) => c.id === conversation.id)).toMatchObject({ unread: false, unreadCount: 0 });
    const receipt = ChatThreadResponse.parse((await traveller.get(`/api/v1/chat_conversations/${conversation.id}`)).body);
    expect(receipt.conversation.otherReadUpTo).toBe(message.id);

    // Typing reaches the other side, not the typist.
    travellerEvents.length = 0;
    partnerEvents.length = 0;
    expectStatus(await partner.post(`/api/v1/chat_conversations/${conversation.id}/typing`), 204);
    expect(travellerEvents).toEqual([{ type: 'chat.typing', conversationId: conversation.id, side: 'operator', name: expect.any(String) }]);
    expect(partnerEvents).toEqual([]);
  });

  it('bad input answers 422 with field messages', async () => {
    const { conversation } = ChatConversationResponse.parse((await start(traveller, { option: optionA.slugCode })).body);
    const empty = await traveller.post('/api/v1/chat_messages', { conversationId: conversation.id, body: '   ' });
    expectStatus(empty, 422);
    expect(empty.body.fields).toEqual({ body: 'Write a message' });
    const long = await traveller.post('/api/v1/chat_messages', { conversationId: conversation.id, body: 'x'.repeat(4001) });
    expectStatus(long, 422);
    expect(long.body.fields).toEqual({ body: 'At most 4000 characters' });
    const missing = await traveller.post('/api/v1/chat_messages', { body: 'Hi' });
    expectStatus(missing, 422);
    expect(missing.body.fields?.['conversationId']).toBeTruthy();
    const ref = await traveller.post('/api/v1/chat_messages', { conversationId: conversation.id, body: 'Hi', clientRef: 'not ok!' });
    expect(ref.body.fields).toEqual({ clientRef: 'Invalid client reference' });
    const read = await traveller.post('/api/v1/chat_messages/read', { conversationId: conversation.id, upTo: 'last' });
    expectStatus(read, 422);
    expect(read.body.fields?.['upTo']).toBeTruthy();
    const both = await traveller.get(`/api/v1/chat_conversations/${conversation.id}/messages?before=5&after=2`);
    expectStatus(both, 422);
    expect(both.body.fields).toEqual({ after: 'Give before or after, not both' });
    const cursor = await traveller.get('/api/v1/chat_conversations?cursor=yesterday');
    expectStatus(cursor, 422);
    expect(cursor.body.fields).toEqual({ cursor: 'Start again from the first page' });
  });

  it('a third user can neither read nor post (404 as for no conversation); an admin reads but cannot post (403); a guest gets 401', async () => {
    const { conversation } = ChatConversationResponse.parse((await start(traveller, { option: optionA.slugCode })).body);
    await send(traveller, conversation.id, 'Only for Ubin Paddle Co.');
    const id = conversation.id;
    for (const [method, path, body] of [
      ['GET', `/api/v1/chat_conversations/${id}`],
      ['GET', `/api/v1/chat_conversations/${id}/messages?after=0`],
      ['POST', '/api/v1/chat_messages', { conversationId: id, body: 'Let me in' }],
      ['POST', '/api/v1/chat_messages/read', { conversationId: id }],
      ['POST', `/api/v1/chat_conversations/${id}/typing`],
    ] as const) {
      const r = await stranger.call(method, path, body ? { body } : {});
      expect([method, path, r.status, r.body.error]).toEqual([method, path, 404, 'Conversation not found']);
      expectStatus(await guest.call(method, path, body ? { body } : {}), 401);
    }
    expectStatus(await stranger.get('/api/v1/chat_conversations/no-such-one'), 404);
    // The stranger's lists and search never show it.
    const list = ChatConversationListResponse.parse((await stranger.get('/api/v1/chat_conversations')).body);
    expect(list.conversations.map((c) => c.id)).not.toContain(id);
    expectStatus(await stranger.get(`/api/v1/chat_conversations?operator=${opA.slug}`), 404);
    const found = ChatSearchResponse.parse((await stranger.get('/api/v1/chat_messages/search?q=Ubin%20Paddle')).body);
    expect(found.results).toEqual([]);

    const asAdmin = await admin.get(`/api/v1/chat_conversations/${id}`);
    expectStatus(asAdmin, 200);
    expect(ChatThreadResponse.parse(asAdmin.body)).toMatchObject({ conversation: { viewerSide: 'admin', unread: false }, messages: expect.arrayContaining([expect.objectContaining({ body: 'Only for Ubin Paddle Co.', mine: false })]) });
    const adminPost = await admin.post('/api/v1/chat_messages', { conversationId: id, body: 'Admin here' });
    expectStatus(adminPost, 403);
    expect(adminPost.body.error).toBe('Admins can read conversations but not write in them');
    // An admin's read leaves the operator's read mark alone.
    const before = (await t.db.select({ r: chatConversations.operatorReadUpTo }).from(chatConversations).where(eq(chatConversations.id, id)))[0]!.r;
    expectStatus(await admin.post('/api/v1/chat_messages/read', { conversationId: id }), 200);
    expect((await t.db.select({ r: chatConversations.operatorReadUpTo }).from(chatConversations).where(eq(chatConversations.id, id)))[0]!.r).toBe(before);
    const adminList = await admin.get(`/api/v1/chat_conversations?operator=${opA.slug}`);
    expectStatus(adminList, 200);
    expect(ChatConversationListResponse.parse(adminList.body).conversations.every((c) => c.viewerSide === 'admin')).toBe(true);
    expectStatus(await guest.get('/api/v1/chat_messages/unread'), 401);
    expectStatus(await guest.get('/api/v1/chat_conversations'), 401);
  });

  it('pages back with before, catches up with after, and a repeated clientRef answers the first message', async () => {
    const { conversation } = ChatConversationResponse.parse((await start(traveller, { operatorSlug: opA.slug })).body);
    const sent = [];
    for (let i = 1; i <= 5; i++) sent.push(await send(i % 2 ? traveller : partner, conversation.id, `Paging message ${i}`));
    const first = ChatThreadResponse.parse((await traveller.get(`/api/v1/chat_conversations/${conversation.id}?per=2`)).body);
    expect(first.messages.map((m) => m.body)).toEqual(['Paging message 4', 'Paging message 5']);
    expect(first.hasMore).toBe(true);
    const older = ChatMessagesResponse.parse((await traveller.get(`/api/v1/chat_conversations/${conversation.id}/messages?before=${first.messages[0]!.id}&per=2`)).body);
    expect(older.messages.map((m) => m.body)).toEqual(['Paging message 2', 'Paging message 3']);
    expect(older.hasMore).toBe(true);
    const oldest = ChatMessagesResponse.parse((await traveller.get(`/api/v1/chat_conversations/${conversation.id}/messages?before=${older.messages[0]!.id}&per=2`)).body);
    expect(oldest).toMatchObject({ messages: [expect.objectContaining({ body: 'Paging message 1' })], hasMore: false });
    // A client that reconnects asks for what came after the last id it saw.
    const missed = ChatMessagesResponse.parse((await partner.get(`/api/v1/chat_conversations/${conversation.id}/messages?after=${sent[1]!.id}&per=2`)).body);
    expect(missed.messages.map((m) => m.body)).toEqual(['Paging message 3', 'Paging message 4']);
    expect(missed.hasMore).toBe(true);
    expect(missed.messages.map((m) => m.mine)).toEqual([false, true]);

    const once = await traveller.post('/api/v1/chat_messages', { conversationId: conversation.id, body: 'Sent twice by a flaky network', clientRef: 'tab1-42' });
    expectStatus(once, 201);
    const twice = await traveller.post('/api/v1/chat_messages', { conversationId: conversation.id, body: 'Sent twice by a flaky network', clientRef: 'tab1-42' });
    expectStatus(twice, 200);
    expect(ChatMessageResponse.parse(twice.body).message.id).toBe(ChatMessageResponse.parse(once.body).message.id);
  });

  it('lists page by cursor, newest activity first', async () => {
    const page1 = ChatConversationListResponse.parse((await traveller.get('/api/v1/chat_conversations?per=1')).body);
    expect(page1.conversations).toHaveLength(1);
    expect(page1.nextCursor).not.toBeNull();
    const page2 = ChatConversationListResponse.parse((await traveller.get(`/api/v1/chat_conversations?per=1&cursor=${page1.nextCursor}`)).body);
    expect(page2.conversations).toHaveLength(1);
    expect(page2.conversations[0]!.id).not.toBe(page1.conversations[0]!.id);
    expect(page2.conversations[0]!.lastMessageAt! <= page1.conversations[0]!.lastMessageAt!).toBe(true);
  });

  it('search finds one’s own messages, on both sides, newest first; 422 for a one-letter query', async () => {
    const { conversation } = ChatConversationResponse.parse((await start(traveller, { option: optionA.slugCode })).body);
    await send(traveller, conversation.id, 'Do you rent waterproof bags for the mangrove paddle?');
    await send(partner, conversation.id, 'Yes, dry bags are free with every mangrove trip.');
    const mine = ChatSearchResponse.parse((await traveller.get('/api/v1/chat_messages/search?q=MANGROVE')).body);
    expect(mine.results.map((r) => r.message.body)).toEqual(['Yes, dry bags are free with every mangrove trip.', 'Do you rent waterproof bags for the mangrove paddle?']);
    expect(mine.results[0]!.conversation).toMatchObject({ id: conversation.id, viewerSide: 'traveller' });
    const theirs = ChatSearchResponse.parse((await partner.get(`/api/v1/chat_messages/search?q=dry%20bags&operator=${opA.slug}`)).body);
    expect(theirs.results.map((r) => r.message.body)).toEqual(['Yes, dry bags are free with every mangrove trip.']);
    // Wildcards are text: '%' finds only a literal percent sign.
    expect(ChatSearchResponse.parse((await traveller.get('/api/v1/chat_messages/search?q=%25%25')).body).results).toEqual([]);
    const short = await traveller.get('/api/v1/chat_messages/search?q=a');
    expectStatus(short, 422);
    expect(short.body.fields).toEqual({ q: 'Type at least 2 characters' });
    expectStatus(await traveller.get('/api/v1/chat_messages/search'), 422);
  });

  it('each user may send a limited number of messages a minute (429 after)', async () => {
    const sender = await agent('ambassador@verdant.test');
    const { conversation } = ChatConversationResponse.parse((await start(sender, { operatorSlug: opA.slug })).body);
    for (let i = 0; i < CHAT_MESSAGES_PER_MINUTE; i++) await send(sender, conversation.id, `Message ${i}`);
    const over = await sender.post('/api/v1/chat_messages', { conversationId: conversation.id, body: 'One too many' });
    expectStatus(over, 429);
    expect(over.body.error).toBe('You are sending messages too quickly. Please wait a minute and try again.');
    expect(Number(over.res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('files', () => {
  const png = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#2a7' } }).png().toBuffer();
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  async function upload(who: Agent, conversationId: string, files: { name: string; type: string; bytes: Uint8Array }[], body = '') {
    const form = new FormData();
    form.set('conversation_id', conversationId);
    form.set('body', body);
    for (const f of files) form.append('files', new File([new Uint8Array(f.bytes)], f.name, { type: f.type }));
    const res = await t.app.request('/api/v1/chat_messages', { method: 'POST', body: form, headers: { authorization: `Bearer ${TEST_API_KEY}`, cookie: who.cookieHeader(), 'x-forwarded-for': who.ip } });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }
  const download = (who: Agent, url: string, bearer = false) => t.app.request(url, { headers: { cookie: who.cookieHeader(), 'x-forwarded-for': who.ip, ...(bearer ? { authorization: `Bearer ${TEST_API_KEY}` } : {}) } });

  it('a photo (re-encoded) and a PDF: both sides download them, others cannot; only the sender deletes one', async () => {
    const { conversation } = ChatConversationResponse.parse((await start(traveller, { option: optionA.slugCode })).body);
    const r = await upload(traveller, conversation.id, [
      { name: 'our group.png', type: 'image/png', bytes: await png() },
      { name: 'passport <copy>.pdf', type: 'application/pdf', bytes: pdf },
    ], 'Our tickets');
    expect([r.status, r.body]).toEqual([201, expect.objectContaining({ message: expect.anything() })]);
    const { message } = ChatMessageResponse.parse(camelizeKeys(r.body));
    expect(message.files.map((f) => [f.kind, f.contentType, f.name, f.width])).toEqual([
      ['image', 'image/jpeg', 'our group.jpg', 40],
      ['pdf', 'application/pdf', 'passport copy.pdf', null],
    ]);
    const [photo, doc] = message.files as [typeof message.files[0], typeof message.files[0]];
    const got = await download(partner, photo.url);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await got.arrayBuffer())).metadata()).format).toBe('jpeg');
    const gotPdf = await download(traveller, doc.url);
    expect(gotPdf.status).toBe(200);
    expect(gotPdf.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(Buffer.from(await gotPdf.arrayBuffer()).equals(pdf)).toBe(true);
    expect((await download(admin, doc.url)).status).toBe(200);
    expect((await download(stranger, doc.url)).status).toBe(404);
    expect((await download(guest, doc.url)).status).toBe(401);
    // Not reachable as a public stored file or a public image source either.
    expect((await t.app.request(`/_image?url=${encodeURIComponent('/storage/private/chat/x.jpg')}&w=640`)).status).not.toBe(200);

    const byOther = await partner.delete(`/api/v1/chat_message_files/${doc.id}`);
    expectStatus(byOther, 403);
    expectStatus(await stranger.delete(`/api/v1/chat_message_files/${doc.id}`), 404);
    expectStatus(await guest.delete(`/api/v1/chat_message_files/${doc.id}`), 401);
    const partnerEvents = await listenAs('partner@verdant.test');
    const del = await traveller.delete(`/api/v1/chat_message_files/${doc.id}`);
    expectStatus(del, 200);
    const after = ChatMessageResponse.parse(del.body).message;
    expect(after).toMatchObject({ id: message.id, removedFiles: 1, body: 'Our tickets' });
    expect(after.files.map((f) => f.id)).toEqual([photo.id]);
    expect(partnerEvents).toContainEqual({ type: 'chat.message_updated', conversationId: conversation.id, message: { ...after, mine: false } });
    expect((await download(traveller, doc.url)).status).toBe(404);
    expectStatus(await traveller.delete(`/api/v1/chat_message_files/${doc.id}`), 404);
  });

  it('refuses what is not a photo or a PDF, too many files, and files for someone else’s conversation', async () => {
    const { conversation } = ChatConversationResponse.parse((await start(traveller, { option: optionA.slugCode })).body);
    const exe = await upload(traveller, conversation.id, [{ name: 'photo.jpg', type: 'image/jpeg', bytes: Buffer.from('MZ\x90\x00 not a photo') }]);
    expect(exe.status).toBe(422);
    expect(exe.body['fields']).toEqual({ files: 'Attach a photo (JPEG, PNG, WebP or AVIF) or a PDF' });
    const five = await upload(traveller, conversation.id, Array.from({ length: 5 }, (_, i) => ({ name: `${i}.pdf`, type: 'application/pdf', bytes: pdf })));
    expect(five.status).toBe(422);
    expect(five.body['fields']).toEqual({ files: 'At most 4 files a message' });
    const intruder = await upload(stranger, conversation.id, [{ name: 'x.pdf', type: 'application/pdf', bytes: pdf }]);
    expect(intruder.status).toBe(404);
  });
});


describe('the unread e-mail (test clock)', () => {
  const runMail = () => t.jobs.runDue(QUEUES.chatUnreadMail.name, chatUnreadMailHandler({ db: t.db, config: t.config, jobs: t.jobs, log: pino({ level: 'silent' }) }));
  const mailsTo = async (email: string, since: number) => t.db.select().from(outbox).where(and(eq(outbox.recipient, email), sql`${outbox.id} > ${since}`)).orderBy(desc(outbox.id));
  const lastOutbox = async () => (await t.db.select({ id: outbox.id }).from(outbox).orderBy(desc(outbox.id)).limit(1))[0]?.id ?? 0;

  it('one e-mail per burst to a side that has not read within 15 minutes; none once read', async () => {
    const sender = await agent('ambassador.applied@verdant.test');
    const { conversation } = ChatConversationResponse.parse((await start(sender, { option: optionA.slugCode })).body);
    const since = await lastOutbox();
    await send(sender, conversation.id, 'Hi, is there parking near the jetty?');
    await send(sender, conversation.id, 'And can we bring our own life jackets?');
    const clock = (at: number) => sender.post(`/api/v1/chat_conversations/${conversation.id}/test-clock`, { at: new Date(Date.now() + at * 60_000).toISOString() });
    // Ten minutes on: not due yet.
    expect((await clock(10)).body).toEqual({ due: false });
    await runMail();
    expect(await mailsTo(opA.email, since)).toHaveLength(0);
    // Sixteen minutes on: one e-mail with both messages, to the operator.
    expect((await clock(16)).body).toEqual({ due: true });
    expect(await runMail()).toBe(1);
    const mails = await mailsTo(opA.email, since);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^2 new messages from /);
    expect(mails[0]!.body).toContain('Hi, is there parking near the jetty?');
    expect(mails[0]!.body).toContain('And can we bring our own life jackets?');
    expect(mails[0]!.body).toContain(`/chat/${conversation.id}`);
    // Another run (a retry after a crash) sends nothing more.
    await runMail();
    expect(await mailsTo(opA.email, since)).toHaveLength(1);

    // The operator answers; the traveller reads within 15 minutes: no e-mail to the traveller.
    const travellerEmail = 'ambassador.applied@verdant.test';
    await send(partner, conversation.id, 'Yes, free parking right by the jetty.');
    expectStatus(await sender.post('/api/v1/chat_messages/read', { conversationId: conversation.id }), 200);
    expect((await clock(16)).body).toEqual({ due: true });
    await runMail();
    expect(await mailsTo(travellerEmail, since)).toHaveLength(0);
    // A new burst from the traveller is a new e-mail to the operator later.
    await send(sender, conversation.id, 'Great, thanks!');
    expect((await clock(16)).body).toEqual({ due: true });
    await runMail();
    const all = await mailsTo(opA.email, since);
    expect(all).toHaveLength(2);
    expect(all[0]!.body).toContain('Great, thanks!');
    expect(all[0]!.body).not.toContain('parking');
  });

  it('a reader who caught up is not e-mailed about a message a moment old: the e-mail waits until it has waited 15 minutes', async () => {
    const sender = await agent('ambassador.rejected@verdant.test');
    const { conversation } = ChatConversationResponse.parse((await start(sender, { option: optionA.slugCode })).body);
    const since = await lastOutbox();
    const burstStart = Date.now();
    await send(sender, conversation.id, 'Do you run the sunrise paddle on weekdays?');
    expectStatus(await partner.post('/api/v1/chat_messages/read', { conversationId: conversation.id }), 200);
    await send(sender, conversation.id, 'And is it suitable for a nine-year-old?');
    const deps = { db: t.db, config: t.config, jobs: t.jobs };
    // The burst's time comes (15 minutes after its first message): the unread one is seconds old.
    expect(await sendUnreadMail(deps, { conversationId: conversation.id, side: 'operator' }, new Date(burstStart + 15 * 60_000))).toBe('waiting');
    expect(await mailsTo(opA.email, since)).toHaveLength(0);
    const [conv] = await t.db.select({ due: chatConversations.operatorMailDueAt }).from(chatConversations).where(eq(chatConversations.id, conversation.id));
    expect(conv!.due!.getTime()).toBeGreaterThanOrEqual(burstStart + 15 * 60_000);
    // Once it has waited 15 minutes unread, one e-mail with it alone.
    expect(await sendUnreadMail(deps, { conversationId: conversation.id, side: 'operator' }, new Date(conv!.due!.getTime() + 1000))).toBe('sent');
    const mails = await mailsTo(opA.email, since);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('nine-year-old');
    expect(mails[0]!.body).not.toContain('sunrise');
  });

  it('the test clock is for the two sides only, and checks its input', async () => {
    const { conversation } = ChatConversationResponse.parse((await start(traveller, { option: optionA.slugCode })).body);
    const bad = await traveller.post(`/api/v1/chat_conversations/${conversation.id}/test-clock`, { at: 'later' });
    expectStatus(bad, 422);
    expect(bad.body.fields?.['at']).toBeTruthy();
    expectStatus(await stranger.post(`/api/v1/chat_conversations/${conversation.id}/test-clock`, { at: new Date().toISOString() }), 404);
  });
});
