// A gift as its buyer sees it (contract Gift), and the mail data of one gift.
import { eq } from 'drizzle-orm';
import { GIFTS_NON_REFUNDABLE, type Gift } from '../../../contract/gifts.ts';
import type { Db, Tx } from '../../db/client.ts';
import { giftCodes, type gifts, options, orders } from '../../db/schema.ts';
import { type MoneyContext, unitOf } from '../booking/catalog.ts';
import { moneyFormatter } from '../booking/quote.ts';
import { wire } from '../booking/views.ts';
import type { GiftForMail } from './mail.ts';

export type GiftRow = typeof gifts.$inferSelect;

export async function giftView(db: Db, g: GiftRow, m: MoneyContext): Promise<Gift> {
  const [o] = await db.select().from(orders).where(eq(orders.id, g.orderId));
  const [opt] = g.optionId ? await db.select({ slugCode: options.slugCode, name: options.name }).from(options).where(eq(options.id, g.optionId)) : [];
  return {
    id: g.id,
    kind: g.kind,
    status: g.status,
    orderId: g.orderId,
    orderNumber: o?.number ?? null,
    value: wire(g.amount, unitOf(m, g.currency)),
    total: o ? wire(o.exchangedTotalAmount, unitOf(m, o.currency)) : wire(g.amount, unitOf(m, g.currency)),
    design: g.design,
    senderName: g.senderName,
    recipientName: g.recipientName,
    recipientEmail: g.recipientEmail,
    message: g.message,
    sendDate: g.sendDate,
    sentAt: g.sentAt?.toISOString() ?? null,
    redeemedAt: g.redeemedAt?.toISOString() ?? null,
    option: opt ?? null,
    guests: g.guests,
    terms: GIFTS_NON_REFUNDABLE,
    createdAt: g.createdAt.toISOString(),
  };
}

/** What the e-mail and the printable card show; null while the gift has no code (unpaid). */
export async function giftForMail(db: Db | Tx, g: GiftRow): Promise<GiftForMail | null> {
  const format = await moneyFormatter(db as Db);
  let code = g.code;
  if (g.kind === 'card' && g.giftCodeId) {
    const [row] = await db.select({ code: giftCodes.code }).from(giftCodes).where(eq(giftCodes.id, g.giftCodeId));
    code = row?.code ?? null;
  }
  if (!code) return null;
  const [opt] = g.optionId ? await db.select({ name: options.name }).from(options).where(eq(options.id, g.optionId)) : [];
  return {
    id: g.id,
    kind: g.kind,
    value: format({ amount: g.amount, currency: g.currency }),
    code,
    senderName: g.senderName,
    recipientName: g.recipientName,
    message: g.message,
    design: g.design,
    experienceName: opt?.name ?? null,
    guests: g.guests,
    expiresOn: g.expiresAt.toISOString().slice(0, 10),
  };
}
