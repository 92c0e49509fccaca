// What every checkout step is given, and the row types the steps share.
import type { Logger } from 'pino';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import type { checkoutPayments, orderItems, orders } from '../../../db/schema.ts';
import type { JobQueue } from '../../../jobs/queue.ts';
import type { PaymentProvider } from '../../../providers/payments/port.ts';
import type { PayingUser } from '../account-seam.ts';

export type { Tx } from '../../../db/client.ts';
export type OrderRow = typeof orders.$inferSelect;
export type PaymentRow = typeof checkoutPayments.$inferSelect;
export type ItemRow = typeof orderItems.$inferSelect;

export type CheckoutDeps = { db: Db; config: Config; log: Logger; payments: PaymentProvider; user: PayingUser | null; now?: () => Date; jobs?: JobQueue | null };

/** Seats held for a payment still being authenticated are released after this (spec: 15 minutes). */
export const HOLD_MS = 15 * 60_000;

export const nowOf = (d: CheckoutDeps) => (d.now ? d.now() : new Date());
