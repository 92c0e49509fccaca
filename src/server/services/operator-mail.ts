// E-mails to an operator about its bookings (a new booking, a request to book, a date-change
// request). Each is kept in the outbox in the transaction of the change that causes it and,
// when mail leaves the outbox (SMTP configured), handed to the durable mail-delivery job in that
// same transaction (ADR 0023), so it goes out once the change commits and is retried while the
// mail server fails. The operator's address is its contact e-mail.
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { operators, options } from '../db/schema.ts';
import { mailOf, queueMail, type MailDeps } from '../providers/mail.ts';

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

export async function mailOperator(tx: Tx, d: MailDeps, op: OperatorContact, subject: string, lines: string[]): Promise<void> {
  await queueMail(tx, d, mailOf(op.email, subject, lines));
}
