// The unread-message e-mail (issue 17; ADR 0037): when a message reaches a side that has no e-mail
// waiting, a job is enqueued in the message's transaction for 15 minutes later (`*_mail_due_at`
// marks the burst). When it runs, the messages of the other side that this side has neither read
// nor been e-mailed about go out in ONE e-mail, and `*_emailed_up_to` remembers the last one, so a
// second run (a retry after a crash) sends nothing. Messages arriving while the job waits join
// that e-mail; the next burst starts with the next message after it ran.
import { and, asc, eq, gt } from 'drizzle-orm';
import { CHAT_UNREAD_MAIL_MINUTES, type ChatSide } from '../../../contract/chat.ts';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { chatConversations, chatMessageFiles, chatMessages, operators, options, users } from '../../db/schema.ts';
import { type JobQueue, QUEUES } from '../../jobs/queue.ts';
import { mailOf, queueMail } from '../../providers/mail.ts';
import type { ConversationRow } from './access.ts';
import { otherSide } from './access.ts';

export type ChatMailJob = { conversationId: string; side: ChatSide };
export const chatMailKey = (conversationId: string, side: ChatSide) => `chat-unread:${conversationId}:${side}`;
export const UNREAD_MAIL_DELAY_MS = CHAT_UNREAD_MAIL_MINUTES * 60_000;

const dueColumn = (side: ChatSide): 'travellerMailDueAt' | 'operatorMailDueAt' => (side === 'traveller' ? 'travellerMailDueAt' : 'operatorMailDueAt');

/**
 * Inside the transaction that stores a message for `recipient`: starts a burst (and its job) unless
 * one is already waiting. Answers the columns to set on the conversation.
 */
export async function scheduleUnreadMail(tx: Tx, jobs: JobQueue | null, conv: ConversationRow, recipient: ChatSide, now: Date): Promise<Partial<ConversationRow>> {
  if (!jobs || conv[dueColumn(recipient)]) return {};
  const dueAt = new Date(now.getTime() + UNREAD_MAIL_DELAY_MS);
  await jobs.enqueue(tx, QUEUES.chatUnreadMail.name, { conversationId: conv.id, side: recipient } satisfies ChatMailJob, { startAfter: dueAt, key: chatMailKey(conv.id, recipient) });
  return { [dueColumn(recipient)]: dueAt };
}

export type UnreadMailDeps = { db: Db; config: Pick<Config, 'mail' | 'siteUrl'>; jobs: JobQueue | null };

const quote = (text: string) => (text.length > 500 ? `${text.slice(0, 500)}…` : text);

/**
 * The job's handler: at most one e-mail for what `side` has not read; idempotent. The e-mail goes
 * only once the oldest message not read has waited 15 minutes: a reader who caught up meanwhile
 * and got a new message a moment ago is not e-mailed about it yet; the job is queued again for
 * when that message will have waited 15 minutes. Time is the burst's due time or later (the test
 * clock moves the job, not the column).
 */
export async function sendUnreadMail(d: UnreadMailDeps, job: ChatMailJob, now = new Date()): Promise<'sent' | 'read' | 'waiting' | 'not_found'> {
  return d.db.transaction(async (tx) => {
    const [conv] = await tx.select().from(chatConversations).where(eq(chatConversations.id, job.conversationId)).for('update');
    if (!conv) return 'not_found';
    const side = job.side;
    const readUpTo = side === 'traveller' ? conv.travellerReadUpTo : conv.operatorReadUpTo;
    const emailedUpTo = side === 'traveller' ? conv.travellerEmailedUpTo : conv.operatorEmailedUpTo;
    const unread = await tx
      .select({ id: chatMessages.id, body: chatMessages.body, senderName: chatMessages.senderName, createdAt: chatMessages.createdAt, files: chatMessageFiles.id })
      .from(chatMessages)
      .leftJoin(chatMessageFiles, eq(chatMessageFiles.messageId, chatMessages.id))
      .where(and(eq(chatMessages.conversationId, conv.id), eq(chatMessages.side, otherSide(side)), gt(chatMessages.id, Math.max(readUpTo, emailedUpTo))))
      .orderBy(asc(chatMessages.id));
    const clear = { [dueColumn(side)]: null };
    if (unread.length === 0) {
      await tx.update(chatConversations).set(clear).where(eq(chatConversations.id, conv.id));
      return 'read';
    }
    const logicalNow = Math.max(now.getTime(), conv[dueColumn(side)]?.getTime() ?? 0);
    const ripeAt = unread[0]!.createdAt.getTime() + UNREAD_MAIL_DELAY_MS;
    if (ripeAt > logicalNow && d.jobs) {
      const dueAt = new Date(ripeAt);
      await d.jobs.enqueue(tx, QUEUES.chatUnreadMail.name, job, { startAfter: dueAt, key: chatMailKey(conv.id, side) });
      await tx.update(chatConversations).set({ [dueColumn(side)]: dueAt }).where(eq(chatConversations.id, conv.id));
      return 'waiting';
    }
    const [who] = await tx
      .select({ travellerName: users.name, travellerEmail: users.email, travellerGone: users.discardedAt, operatorName: operators.name, operatorEmail: operators.contactEmail })
      .from(chatConversations)
      .innerJoin(users, eq(users.id, chatConversations.travellerId))
      .innerJoin(operators, eq(operators.id, chatConversations.operatorId))
      .where(eq(chatConversations.id, conv.id));
    const [about] = conv.optionId ? await tx.select({ name: options.name }).from(options).where(eq(options.id, conv.optionId)) : [];
    const lastId = unread[unread.length - 1]!.id;
    await tx.update(chatConversations).set({ ...clear, [side === 'traveller' ? 'travellerEmailedUpTo' : 'operatorEmailedUpTo']: lastId }).where(eq(chatConversations.id, conv.id));
    if (!who || (side === 'traveller' && who.travellerGone)) return 'read';
    // One line per message (a message with several files once).
    const lines: string[] = [];
    const seen = new Set<number>();
    for (const m of unread) {
      if (seen.has(m.id)) continue;
      seen.add(m.id);
      const files = unread.filter((x) => x.id === m.id && x.files).length;
      const text = m.body ? quote(m.body) : '';
      lines.push(`${m.senderName}: ${text}${files ? `${text ? ' ' : ''}(${files === 1 ? 'a file' : `${files} files`})` : ''}`);
    }
    const count = seen.size;
    const from = side === 'traveller' ? who.operatorName : who.travellerName;
    const to = side === 'traveller' ? who.travellerEmail : who.operatorEmail;
    const greeting = side === 'traveller' ? `Hello ${who.travellerName},` : `Hello ${who.operatorName} team,`;
    const link = `${d.config.siteUrl}/chat/${encodeURIComponent(conv.id)}`;
    await queueMail(
      tx,
      d,
      mailOf(to, count === 1 ? `${from} sent you a message` : `${count} new messages from ${from}`, [
        greeting,
        '',
        `${from} wrote to you on Verdant${about ? ` about “${about.name}”` : ''}:`,
        '',
        ...lines,
        '',
        `Read and reply: ${link}`,
        '',
        `You get this e-mail because ${count === 1 ? 'the message was' : 'the messages were'} not read within ${CHAT_UNREAD_MAIL_MINUTES} minutes. Replies to this e-mail are not delivered to ${from}: answer in Verdant.`,
      ]),
    );
    return 'sent';
  });
}

/**
 * The test clock (development and tests only, like the gift one): "it is now `at`" for one
 * conversation moves its waiting unread e-mails' jobs as if that much time had passed, so the
 * queue's own worker sends them when `at` is past their due time.
 */
export async function moveChatMailClock(jobs: JobQueue, conv: ConversationRow, at: Date, now = new Date()): Promise<{ due: boolean }> {
  let due = false;
  for (const side of ['traveller', 'operator'] as const) {
    const dueAt = conv[dueColumn(side)];
    if (!dueAt) continue;
    const startAfter = new Date(Math.max(0, dueAt.getTime() - Math.max(0, at.getTime() - now.getTime())));
    await jobs.reschedule(QUEUES.chatUnreadMail.name, chatMailKey(conv.id, side), startAfter);
    if (startAfter.getTime() <= now.getTime()) due = true;
  }
  if (due) jobs.wake(QUEUES.chatUnreadMail.name);
  return { due };
}
