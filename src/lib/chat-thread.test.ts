import { describe, expect, it } from 'vitest';
import type { ChatConversation, ChatMessage } from '../contract/chat.ts';
import { aboutText, checkFiles, endSentence, dayLabel, excerpt, fileSizeText, highlight, initialsOf, listTime, mergeMessages, previewText, receiptText, unreadUpTo, withNewMessage, withoutDelivered } from './chat-thread.ts';

const msg = (id: number, patch: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  conversationId: 'c1',
  side: 'operator',
  sender: { name: 'Ana' },
  mine: false,
  body: `message ${id}`,
  files: [],
  removedFiles: 0,
  clientRef: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  ...patch,
});

const conversation = (patch: Partial<ChatConversation> = {}): ChatConversation => ({
  id: 'c1',
  viewerSide: 'traveller',
  traveller: { name: 'Tess', avatarUrl: null },
  operator: { slug: 'ubin-paddle-co', name: 'Ubin Paddle Co.', imageUrl: null },
  otherParty: { side: 'operator', name: 'Ubin Paddle Co.', imageUrl: null },
  option: { slugCode: 'mangrove-kayak-1', name: 'Mangrove kayak' },
  trip: null,
  lastMessage: null,
  unread: false,
  unreadCount: 0,
  readUpTo: 0,
  otherReadUpTo: 0,
  createdAt: '2026-11-01T10:00:00.000Z',
  lastMessageAt: null,
  ...patch,
});

describe('a thread', () => {
  it('holds each message once, oldest first', () => {
    expect(mergeMessages([msg(2), msg(5)], [msg(5, { body: 'new' }), msg(3), msg(1)]).map((m) => [m.id, m.body])).toEqual([
      [1, 'message 1'],
      [2, 'message 2'],
      [3, 'message 3'],
      [5, 'new'],
    ]);
  });

  it('drops a message on its way once the thread has it (by the client reference)', () => {
    const pending = [{ clientRef: 'a', body: 'hi', files: [], progress: null, error: null, createdAt: '' }, { clientRef: 'b', body: 'there', files: [], progress: null, error: null, createdAt: '' }];
    expect(withoutDelivered(pending, [msg(1, { mine: true, clientRef: 'a' })]).map((p) => p.clientRef)).toEqual(['b']);
  });

  it('reads up to the newest message of the other side', () => {
    const list = [msg(1), msg(2, { mine: true }), msg(3), msg(4, { mine: true })];
    expect(unreadUpTo(list, 0)).toBe(3);
    expect(unreadUpTo(list, 3)).toBeNull();
    expect(unreadUpTo([msg(1, { mine: true })], 0)).toBeNull();
  });

  it('says Read once the other side has read the message', () => {
    expect(receiptText(4, 3)).toBe('Sent');
    expect(receiptText(4, 4)).toBe('Read');
  });
});

describe('the list', () => {
  it('moves a message from the other side into an unread row, unless the conversation is open', () => {
    const c = conversation();
    const next = withNewMessage(c, msg(7, { body: 'See you at 8', createdAt: '2026-11-27T11:00:00.000Z' }), { open: false });
    expect(next).toMatchObject({ unread: true, unreadCount: 1, lastMessageAt: '2026-11-27T11:00:00.000Z', lastMessage: { id: 7, preview: 'See you at 8' } });
    expect(withNewMessage(c, msg(7), { open: true }).unread).toBe(false);
    expect(withNewMessage(c, msg(7, { mine: true, side: 'traveller' }), { open: false })).toMatchObject({ unread: false, readUpTo: 7 });
  });

  it('previews the last message, or the files sent', () => {
    expect(previewText(conversation())).toBe('No messages yet');
    expect(previewText(conversation({ lastMessage: { id: 1, side: 'traveller', preview: 'Is it\nsafe?', files: 0, createdAt: '2026-11-27T10:00:00.000Z' } }))).toBe('You: Is it safe?');
    expect(previewText(conversation({ lastMessage: { id: 1, side: 'operator', preview: '', files: 2, createdAt: '2026-11-27T10:00:00.000Z' } }))).toBe('Sent 2 attachments');
  });

  it('says what the conversation is about', () => {
    expect(aboutText(conversation())).toBe('Mangrove kayak');
    expect(aboutText(conversation({ trip: { id: 't1', number: 'V-1', experienceName: 'Mangrove kayak', startDate: '2026-12-12', status: 'confirmed' } }))).toBe('Trip: Mangrove kayak · 12 Dec 2026');
    expect(aboutText(conversation({ option: null }))).toBeNull();
  });
});

describe('times', () => {
  const now = new Date(2026, 10, 27, 15, 0);
  it.each([
    [new Date(2026, 10, 27, 9, 5), '09:05', 'Today'],
    [new Date(2026, 10, 26, 9, 5), 'Yesterday', 'Yesterday'],
    [new Date(2026, 10, 23, 9, 5), 'Mon', 'Monday 23 Nov'],
    [new Date(2026, 9, 3, 9, 5), '3 Oct', 'Saturday 3 Oct'],
    [new Date(2025, 9, 3, 9, 5), '3 Oct 2025', '3 Oct 2025'],
  ])('%s', (d, list, day) => {
    expect(listTime(d.toISOString(), now)).toBe(list);
    expect(dayLabel(d.toISOString(), now)).toBe(day);
  });
});

describe('search results', () => {
  it('marks the words found, whatever their case', () => {
    expect(highlight('Bring a Dry bag and dry shoes', 'dry')).toEqual([
      { text: 'Bring a ', mark: false },
      { text: 'Dry', mark: true },
      { text: ' bag and ', mark: false },
      { text: 'dry', mark: true },
      { text: ' shoes', mark: false },
    ]);
    expect(highlight('a (b)', '(b')).toEqual([
      { text: 'a ', mark: false },
      { text: '(b', mark: true },
      { text: ')', mark: false },
    ]);
  });

  it('starts a long text near the word found', () => {
    const text = `${'word '.repeat(40)}the jetty at Changi`;
    expect(excerpt(text, 'jetty').startsWith('…')).toBe(true);
    expect(excerpt(text, 'jetty')).toContain('the jetty at Changi');
    expect(excerpt('short jetty', 'jetty')).toBe('short jetty');
  });
});

describe('files before sending', () => {
  it('takes photos and PDFs within the size and number, and says why it refuses the rest', () => {
    const files = [
      { name: 'a.jpg', type: 'image/jpeg', size: 1000 },
      { name: 'b.exe', type: 'application/x-msdownload', size: 1000 },
      { name: 'c.pdf', type: 'application/pdf', size: 11 * 1024 * 1024 },
      { name: 'd.pdf', type: '', size: 10 },
    ];
    const { ok, problem } = checkFiles(files, 0);
    expect(ok).toEqual([0, 3]);
    expect(problem).toContain('b.exe: Attach a photo');
    expect(problem).toContain('c.pdf is 11 MB');
    expect(checkFiles([{ name: 'e.png', type: 'image/png', size: 5 }], 4)).toEqual({ ok: [], problem: 'At most 4 files in one message' });
  });

  it('writes sizes and initials', () => {
    expect(fileSizeText(512)).toBe('512 B');
    expect(fileSizeText(850 * 1024)).toBe('850 KB');
    expect(fileSizeText(2.45 * 1024 * 1024)).toBe('2.5 MB');
    expect(initialsOf('Ubin Paddle Co.')).toBe('UC');
    expect(initialsOf('tess')).toBe('T');
    expect(endSentence('Ubin Paddle Co.')).toBe('Ubin Paddle Co.');
    expect(endSentence('Mira Chen')).toBe('Mira Chen.');
  });
});
