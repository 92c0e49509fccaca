// The logic of a chat thread and the conversation list (issue 17), pure so it is tested: merging
// what the API and the socket deliver (each message once, oldest first), the messages still on
// their way (sent before the answer came back), times and days as a message centre shows them,
// read receipts, search highlighting, and the checks a file passes before it is sent.
import type { ChatConversation, ChatMessage } from '../contract/chat.ts';
import { CHAT_FILES } from '../contract/chat.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const pad = (n: number) => String(n).padStart(2, '0');

/** Messages by id, each once, oldest first (ids grow within a conversation). */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return current as ChatMessage[];
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** A message the viewer sent that the server has not answered yet (or refused). */
export type PendingMessage = {
  clientRef: string;
  body: string;
  files: File[];
  /** 0 to 1 while files go up; null without files. */
  progress: number | null;
  error: string | null;
  createdAt: string;
};

/** A fresh key for a message on its way: the server answers it once even if it is sent twice. */
export const newClientRef = (random: () => number = Math.random) => `c${Date.now().toString(36)}${Math.floor(random() * 1e9).toString(36)}`;

/** Pending messages that the thread now holds (the socket may bring a message before its answer). */
export function withoutDelivered(pending: readonly PendingMessage[], messages: readonly ChatMessage[]): PendingMessage[] {
  const refs = new Set(messages.filter((m) => m.mine && m.clientRef).map((m) => m.clientRef));
  return pending.filter((p) => !refs.has(p.clientRef));
}

/** The newest id of a list (0 when empty). */
export const lastId = (messages: readonly ChatMessage[]) => messages.at(-1)?.id ?? 0;

/** The newest message from the other side that the viewer has not marked read, or null. */
export function unreadUpTo(messages: readonly ChatMessage[], readUpTo: number): number | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.id <= readUpTo) return null;
    if (!m.mine) return m.id;
  }
  return null;
}

/** The id of the viewer's newest message: the one the read receipt sits under. */
export function lastMineId(messages: readonly ChatMessage[]): number | null {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.mine) return messages[i]!.id;
  return null;
}

/** "Read" once the other side has read up to the message, else "Sent". */
export const receiptText = (messageId: number, otherReadUpTo: number) => (otherReadUpTo >= messageId ? 'Read' : 'Sent');

/** A conversation updated by a message that arrived over the socket (for the list). */
export function withNewMessage(c: ChatConversation, m: ChatMessage, opts: { open: boolean }): ChatConversation {
  if (c.lastMessage && c.lastMessage.id >= m.id) return c;
  const fromOther = !m.mine && m.side !== c.viewerSide;
  const unread = fromOther && !opts.open && c.viewerSide !== 'admin';
  return {
    ...c,
    lastMessage: { id: m.id, side: m.side, preview: m.body.slice(0, 140), files: m.files.length, createdAt: m.createdAt },
    lastMessageAt: m.createdAt,
    unread: unread || (c.unread && !opts.open),
    unreadCount: unread ? c.unreadCount + 1 : opts.open ? 0 : c.unreadCount,
    readUpTo: m.mine || m.side === c.viewerSide ? Math.max(c.readUpTo, m.id) : c.readUpTo,
  };
}

/** Newest activity first (a conversation without messages by its start). */
export const byActivity = (a: ChatConversation, b: ChatConversation) => (b.lastMessageAt ?? b.createdAt).localeCompare(a.lastMessageAt ?? a.createdAt);

/** The list's line under the name: what was said last, or what was sent. */
export function previewText(c: ChatConversation): string {
  const last = c.lastMessage;
  if (!last) return 'No messages yet';
  const who = last.side === c.viewerSide ? 'You: ' : '';
  if (last.preview) return `${who}${last.preview.replace(/\s+/g, ' ')}`;
  return `${who}${last.files === 1 ? 'Sent an attachment' : `Sent ${last.files} attachments`}`;
}

/** What the conversation is about, in a few words ("Trip: Mangrove kayak · 12 Dec 2026"). */
export function aboutText(c: Pick<ChatConversation, 'option' | 'trip'>): string | null {
  if (c.trip) return `Trip: ${c.trip.experienceName} · ${dayMonthYear(c.trip.startDate)}`;
  if (c.option) return c.option.name;
  return null;
}

function dayMonthYear(iso: string): string {
  const d = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

const sameDay = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** "14:05" in the viewer's time. */
export function clockTime(iso: string): string {
  const d = new Date(iso);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The list's time: today a clock time, this week the weekday, else the date ("3 Nov", "3 Nov 2025"). */
export function listTime(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  if (sameDay(d, now)) return clockTime(iso);
  const days = (new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime() - new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime()) / 86_400_000;
  if (days === 1) return 'Yesterday';
  if (days > 1 && days < 7) return DAYS[d.getDay()]!.slice(0, 3);
  return d.getFullYear() === now.getFullYear() ? `${d.getDate()} ${MONTHS[d.getMonth()]}` : `${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`;
}

/** The separator above a day's messages: "Today", "Yesterday", "Monday 3 Nov", "3 Nov 2025". */
export function dayLabel(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  if (sameDay(d, now)) return 'Today';
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (sameDay(d, yesterday)) return 'Yesterday';
  if (d.getFullYear() === now.getFullYear()) return `${DAYS[d.getDay()]} ${d.getDate()} ${MONTHS[d.getMonth()]}`;
  return `${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`;
}

/** Whether a day separator goes above `m` (the first message, or the first of another day). */
export const startsDay = (m: { createdAt: string }, previous: { createdAt: string } | undefined) => !previous || !sameDay(new Date(previous.createdAt), new Date(m.createdAt));

/** Parts of `text` with the words of `query` marked (case-insensitive), for search results. */
export function highlight(text: string, query: string): { text: string; mark: boolean }[] {
  const words = query
    .trim()
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  if (words.length === 0) return [{ text, mark: false }];
  const parts: { text: string; mark: boolean }[] = [];
  let at = 0;
  for (const m of text.matchAll(new RegExp(words.join('|'), 'gi'))) {
    if (m.index > at) parts.push({ text: text.slice(at, m.index), mark: false });
    parts.push({ text: m[0], mark: true });
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), mark: false });
  return parts;
}

/** A result's text around the first word found, so the match shows in a few lines. */
export function excerpt(text: string, query: string, room = 60): string {
  const first = query.trim().split(/\s+/)[0] ?? '';
  const at = first ? text.toLowerCase().indexOf(first.toLowerCase()) : -1;
  if (at <= room) return text;
  return `…${text.slice(at - room).replace(/^\S*\s/, '')}`;
}

/** "850 KB", "2.4 MB". */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}

const ACCEPTED = new Set(CHAT_FILES.accept.split(','));
const EXTENSIONS = /\.(jpe?g|png|webp|avif|pdf)$/i;

/**
 * Files picked for a message, checked as the server will (type, size, how many), so the person
 * hears at once rather than after the upload. `already`: files waiting in the composer.
 */
export function checkFiles(files: readonly { name: string; type: string; size: number }[], already: number): { ok: number[]; problem: string | null } {
  const ok: number[] = [];
  const problems: string[] = [];
  files.forEach((f, i) => {
    if (!(ACCEPTED.has(f.type) || (f.type === '' && EXTENSIONS.test(f.name)))) problems.push(`${f.name}: ${CHAT_FILES.typeMessage}`);
    else if (f.size > CHAT_FILES.maxBytes) problems.push(`${f.name} is ${fileSizeText(f.size)}: files can be at most ${fileSizeText(CHAT_FILES.maxBytes)}`);
    else if (f.size === 0) problems.push(`${f.name} is empty`);
    else if (already + ok.length >= CHAT_FILES.maxFiles) problems.push(`At most ${CHAT_FILES.maxFiles} files in one message`);
    else ok.push(i);
  });
  return { ok, problem: problems.length ? [...new Set(problems)].join('. ') : null };
}

/** A sentence ending with a name: no second full stop after "Co.". */
export const endSentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** Initials for an avatar without a picture ("Ubin Paddle Co." → "UC"). */
export function initialsOf(name: string): string {
  const parts = name
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}
