// E-mails to an operator about its bookings (a new booking, a request to book, a date-change
// request). Each is kept in the outbox in the transaction of the change that causes it and,
// when mail leaves the outbox (SMTP configured), handed to the durable mail-delivery job in that
// same transaction (ADR 0023), so it goes out once the change commits and is retried while the
// mail server fails. The operator's address is its contact e-mail.
import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import { operators, options, outbox } from '../db/schema.ts';
import { QUEUES, type JobQueue } from '../jobs/queue.ts';

export type OperatorContact = { name: string; email: string; slug: string };

export async function operatorOf(db: Db | Tx, optionId: number): Promise<OperatorContact | null> {
  const [row] = await db
    .select({ name: operators.name, email: operators.contactEmail, slug: operators.slug })
    .from(options)
    .innerJoin(operators, eq(operators.id, options.operatorId))
    .where(eq(options.id, optionId));
  return row ?? null;
}

/** The booking's page in the partner back-office. */
export const partnerBookingUrl = (siteUrl: string, op: Pick<OperatorContact, 'slug'>, itemId: string) =>
  `${siteUrl}/partner/bookings/${encodeURIComponent(itemId)}?operator=${encodeURIComponent(op.slug)}`;

export async function mailOperator(tx: Tx, d: { config: Pick<Config, 'mail'>; jobs?: JobQueue | null | undefined }, op: OperatorContact, subject: string, lines: string[]): Promise<void> {
  const [row] = await tx.insert(outbox).values({ channel: 'mail', recipient: op.email, subject, body: lines.join('\n') }).returning({ id: outbox.id });
  if (d.config.mail.smtpUrl && d.jobs && row) await d.jobs.enqueue(tx, QUEUES.mailDelivery.name, { outboxId: row.id }, { startAfter: new Date(), key: `mail:${row.id}` });
}
