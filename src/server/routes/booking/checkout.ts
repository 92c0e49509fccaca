// Checkout calls: GET /checkouts/available; the pay calls POST /checkouts/pay, /pay_otp,
// /pay_fail and /finalize (each with an Idempotency-Key, and the user token for users — see
// the account seam); GET /orders/{id}; POST /required-infos; POST /waitlists; the provider
// webhook; and the test gateway's card tokens and PayNow simulation in development.
import type { Context } from 'hono';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  CheckoutsAvailableQuery,
  FinalizeBody,
  PayBody,
  PayFailBody,
  PayOtpBody,
  RefreshRequirementsBody,
  RequiredInfosBody,
  GRABPAY_CURRENCIES,
  GRABPAY_CURRENCY_RULE,
  UpdateOrderContactBody,
  WaitlistBody,
  WalletTokenBody,
  type CheckoutsAvailableResponse,
} from '../../../contract/booking.ts';
import { isValidPhoneNumber } from 'libphonenumber-js/max';
import { snakeizeKeys } from '../../../lib/key-case.ts';
import { invoicePayment, laterPayment } from '../../../lib/payment-timing.ts';
import { toMinor } from '../../../lib/money.ts';
import { IsoDateTime } from '../../../contract/common.ts';
import { customerProblems, requiredCustomerInfos } from '../../../lib/required-info.ts';
import type { AppEnv } from '../../context.ts';
import { currencies, orderItemCustomers, orderItems, orders, waitlists } from '../../db/schema.ts';
import { bodyFromText, HttpError, readBody, readParams, readQuery, reply, validate } from '../../http.ts';
import { mailOf, queueMail } from '../../providers/mail.ts';
import { WebhookSignatureError } from '../../providers/payments/port.ts';
import { CardError, type createTestGateway } from '../../providers/payments/test-gateway.ts';
import { AFFILIATE_COOKIE, rememberAttribution } from '../../services/affiliate-commissions.ts';
import { currentBookingUser, mayReadOrder, storedValueFor } from '../../services/booking/account-seam.ts';
import { isOperatingDate, parseTimeslotId, slotKeysOf, todayFor, unitsLeftFor } from '../../services/booking/availability.ts';
import { itemRelations, quoteCart, usableCart } from '../../services/booking/cart.ts';
import { loadBookableOption, loadMoneyContext } from '../../services/booking/catalog.ts';
import { answerOtp, finalizePayment, handleWebhook, orderView, payCart, payOrder, readableOrder, reportPayFail, simulatePayNow, sweepBooking, type CheckoutDeps } from '../../services/booking/checkout.ts';
import { idempotent } from '../../services/booking/idempotency.ts';
import { assertBookable } from '../../services/booking/quote.ts';
import { toOrderItem } from '../../services/booking/views.ts';
import { moveGiftClock } from '../../services/gifts/clock.ts';
import { giftOfOrder } from '../../services/gifts/place.ts';
import { moveNoticeClock } from '../../services/trip-notices/notices.ts';
import { toInitialCurrencyOrder } from './currency-order.ts';

async function deps(c: Context<AppEnv>, payCall: boolean): Promise<CheckoutDeps> {
  return { db: c.var.db, config: c.var.config, log: c.var.log, payments: c.var.payments, jobs: c.var.jobs, user: await currentBookingUser(c, { payCall }) };
}

/** Reads the raw body once: the idempotency fingerprint and the validated input come from the same text. */
async function bodyOf<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<{ text: string; data: z.output<S> }> {
  const text = await c.req.text();
  return { text, data: validate(schema, bodyFromText(text), 'body') };
}

const asAnswer = (r: { status: 200 | 201; body: unknown }) => ({ status: r.status, body: snakeizeKeys(r.body) });

const TokenBody = z.object({
  number: z.string().trim().min(1, 'Please enter your card number').max(23),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  cvc: z.string().trim().min(1, 'Please enter the security code').max(4),
});
const OrderParams = z.object({ id: z.string().min(1).max(64) });
const TestClockBody = z.object({ orderId: z.string().min(1).max(64), at: IsoDateTime });

export function checkoutRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/checkouts/available', async (c) => {
    const q = readQuery(c, CheckoutsAvailableQuery);
    const d = await deps(c, false);
    const currencyRows = await d.db.select().from(currencies).where(eq(currencies.checkoutSupported, true));
    const list = toInitialCurrencyOrder(currencyRows);
    let startDate: string | null = null;
    let zone = 'Asia/Singapore';
    let credit = { available: false, reason: 'Log in to pay with your Verdant credits' as string | null };
    let gift = { available: false, reason: 'Log in to pay with a gift code' as string | null };
    if (q.cartId) {
      await usableCart(d.db, q.cartId, d.user);
      const [item] = await d.db.select().from(orderItems).where(eq(orderItems.cartId, q.cartId)).limit(1);
      if (item) {
        const option = await loadBookableOption(d.db, { id: item.optionId });
        if (option) {
          startDate = item.startDate;
          zone = option.zone;
          const m = await loadMoneyContext(d.db);
          const quote = await quoteCart(d.db, m, { id: q.cartId, currency: q.currency ?? 'SGD' }, item, q.currency ?? 'SGD', d.user);
          if (d.user) {
            const sv = await storedValueFor(d.db, d.user, { id: q.cartId, baseCurrency: option.currency });
            credit = quote.amounts.fullPaymentByCredit ? { available: true, reason: null } : { available: false, reason: sv.creditBalance > 0 ? 'Your credits do not cover this booking' : 'You have no credits yet' };
            gift = quote.amounts.total === 0 && quote.amounts.giftCodeAmount > 0 ? { available: true, reason: null } : { available: false, reason: 'Apply a gift code to your bag first' };
          }
        }
      }
    }
    const now = new Date();
    const later = startDate ? laterPayment(startDate, zone, now) : { available: false, dueAt: null, reason: 'Add an experience to your bag first' };
    const invoice = startDate ? invoicePayment(startDate, zone, now) : { available: false, dueAt: null, reason: 'Add an experience to your bag first' };
    const sgd = (q.currency ?? 'SGD') === 'SGD';
    const grab = (GRABPAY_CURRENCIES as readonly string[]).includes(q.currency ?? 'SGD');
    const body: CheckoutsAvailableResponse = {
      currencies: list,
      paymentMethods: [
        { method: 'card', available: true, reason: null },
        { method: 'paynow', available: sgd, reason: sgd ? null : 'PayNow takes Singapore dollars: switch the currency to SGD' },
        // The device decides whether its wallet can pay (the browser asks it); the server takes both.
        { method: 'apple_pay', available: true, reason: null },
        { method: 'google_pay', available: true, reason: null },
        { method: 'grabpay', available: grab, reason: grab ? null : GRABPAY_CURRENCY_RULE },
        { method: 'invoice', available: invoice.available, reason: invoice.reason },
        { method: 'credit', ...credit },
        { method: 'gift_code', ...gift },
      ],
      paymentTimings: [
        { timing: 'checkout', available: true, dueAt: null, reason: null },
        { timing: 'later', available: later.available, dueAt: later.dueAt?.toISOString() ?? null, reason: later.reason },
        { timing: 'invoice', available: invoice.available, dueAt: invoice.dueAt?.toISOString() ?? null, reason: invoice.reason },
      ],
      provider: d.payments.name,
      stripePublishableKey: d.payments.name === 'stripe' ? (d.config.payments.stripePublishableKey ?? null) : null,
      canSimulatePayments: !!d.payments.simulatePayNow && !d.config.isProduction,
    };
    return reply(c, body);
  });

  app.post('/checkouts/pay', async (c) => {
    const { text, data } = await bodyOf(c, PayBody);
    const d = await deps(c, true);
    return idempotent(c, 'checkouts/pay', text, async () => {
      const key = c.req.header('idempotency-key') ?? '';
      if (data.cartId) await rememberAttribution(d.db, data.cartId, getCookie(c, AFFILIATE_COOKIE));
      return asAnswer(data.orderId ? await payOrder(d, data, key) : await payCart(d, data, key));
    });
  });

  app.post('/checkouts/pay_otp', async (c) => {
    const { text, data } = await bodyOf(c, PayOtpBody);
    const d = await deps(c, true);
    return idempotent(c, 'checkouts/pay_otp', text, async () => asAnswer(await answerOtp(d, data.orderId, data.otp)));
  });

  app.post('/checkouts/pay_fail', async (c) => {
    const { text, data } = await bodyOf(c, PayFailBody);
    const d = await deps(c, true);
    return idempotent(c, 'checkouts/pay_fail', text, async () => asAnswer(await reportPayFail(d, data.orderId, data.reason)));
  });

  app.post('/checkouts/finalize', async (c) => {
    const { text, data } = await bodyOf(c, FinalizeBody);
    const d = await deps(c, true);
    return idempotent(c, 'checkouts/finalize', text, async () => asAnswer(await finalizePayment(d, data.orderId)));
  });

  /** Development only: the test gateway's "the traveller paid the PayNow QR". */
  app.post('/checkouts/paynow/simulate', async (c) => {
    const body = await readBody(c, FinalizeBody);
    const d = await deps(c, false);
    const r = await simulatePayNow(d, body.orderId);
    return reply(c, r.body, r.status);
  });

  app.get('/orders/:id', async (c) => {
    const { id } = readParams(c, OrderParams);
    const d = await deps(c, false);
    const order = await readableOrder(d.db, id, d.user);
    return reply(c, await orderView(d.db, order.id));
  });

  /** The guests' details of a booking, to complete them later (/trips/{id}/required_info). */
  app.get('/required-infos/:id', async (c) => {
    const { id } = readParams(c, OrderParams);
    const d = await deps(c, false);
    const [item] = await d.db.select().from(orderItems).where(eq(orderItems.id, id));
    if (!item?.orderId) throw new HttpError(404, 'Booking not found');
    const [o] = await d.db.select().from(orders).where(eq(orders.id, item.orderId));
    if (!o || !mayReadOrder(d.user, o) || (o.status !== 'placed' && o.status !== 'awaiting_payment')) throw new HttpError(404, 'Booking not found');
    const option = await loadBookableOption(d.db, { id: item.optionId });
    if (!option) throw new HttpError(404, 'Booking not found');
    const [, payment, customers] = await itemRelations(d.db, item);
    const m = await loadMoneyContext(d.db);
    return reply(c, { orderItem: toOrderItem({ item, option, m, lines: o.lines.base as never, order: o, payment, customers }) });
  });

  /**
   * A guest who booked and then created an account with the same e-mail (the confirmation page
   * offers it) takes the booking into the account. The unguessable order id and the matching
   * e-mail are both needed; an order that already belongs to someone is never moved.
   */
  app.post('/orders/:id/claim', async (c) => {
    const { id } = readParams(c, OrderParams);
    const d = await deps(c, false);
    if (!d.user) throw new HttpError(401, 'Log in to keep this booking in your account', { body: { code: 'login_required' } });
    const [o] = await d.db.select().from(orders).where(eq(orders.id, id));
    if (!o || !mayReadOrder(d.user, o)) throw new HttpError(404, 'Order not found');
    if (o.userId === null) {
      if (o.customerEmail.trim().toLowerCase() !== d.user.email.trim().toLowerCase()) {
        throw new HttpError(403, `This booking was made with ${o.customerEmail}: log in with that e-mail to keep it in your account`);
      }
      if (o.status !== 'placed' && o.status !== 'awaiting_payment') throw new HttpError(409, 'Only a completed booking can be kept in your account');
      await d.db.update(orders).set({ userId: d.user.id, updatedAt: sql`now()` }).where(and(eq(orders.id, o.id), isNull(orders.userId)));
    }
    return reply(c, await orderView(d.db, o.id));
  });

  app.patch('/orders/:id', async (c) => {
    const { id } = readParams(c, OrderParams);
    const body = await readBody(c, UpdateOrderContactBody);
    const d = await deps(c, false);
    const order = await readableOrder(d.db, id, d.user);
    if (order.status !== 'placed' && order.status !== 'awaiting_payment') throw new HttpError(409, 'Only a booked order’s contact details can be changed');
    if (body.phone && !isValidPhoneNumber(body.phone, 'SG')) throw new HttpError(422, 'Please input a valid phone number', { fields: { phone: 'Please input a valid phone number' } });
    await d.db
      .update(orders)
      .set({
        ...(body.name ? { customerName: body.name } : {}),
        ...(body.email ? { customerEmail: body.email } : {}),
        ...(body.phone !== undefined ? { customerPhone: body.phone || null } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, order.id));
    return reply(c, await orderView(d.db, order.id));
  });

  app.post('/required-infos', async (c) => {
    const body = await readBody(c, RequiredInfosBody);
    const d = await deps(c, false);
    const [item] = await d.db.select().from(orderItems).where(eq(orderItems.id, body.orderItemId));
    if (!item) throw new HttpError(404, 'Booking not found');
    if (item.orderId) {
      const [o] = await d.db.select().from(orders).where(eq(orders.id, item.orderId));
      if (!o || !mayReadOrder(d.user, o)) throw new HttpError(404, 'Booking not found');
    }
    const option = await loadBookableOption(d.db, { id: item.optionId });
    if (!option) throw new HttpError(404, 'Booking not found');
    const guests = item.quantity + item.childQuantity + item.localQuantity + item.childLocalQuantity;
    if (body.customers.length !== guests) throw new HttpError(422, `Please give the details of all ${guests} guests`, { fields: { customers: `Please give the details of all ${guests} guests` } });
    const fields = requiredCustomerInfos(option);
    const problems: Record<string, string> = {};
    body.customers.forEach((cu, i) => {
      for (const [f, m] of Object.entries(customerProblems(fields, cu, todayFor(option)))) problems[`customers.${i}.${f.replace(/[A-Z]/g, (x) => `_${x.toLowerCase()}`)}`] = m as string;
    });
    const first = Object.entries(problems)[0];
    if (first) throw new HttpError(422, first[1], { fields: problems });
    await d.db.transaction(async (tx) => {
      await tx.delete(orderItemCustomers).where(eq(orderItemCustomers.orderItemId, item.id));
      await tx.insert(orderItemCustomers).values(
        body.customers.map((cu, position) => ({ orderItemId: item.id, position, info: Object.fromEntries(fields.map((f) => [f, (cu[f] ?? '').trim()])), submittedAt: sql`now()` as unknown as Date })),
      );
    });
    const rows = await d.db.select().from(orderItemCustomers).where(eq(orderItemCustomers.orderItemId, item.id)).orderBy(orderItemCustomers.position);
    return reply(c, { orderItemId: item.id, customers: rows.map((r) => ({ position: r.position, info: r.info, isSubmitted: r.submittedAt !== null })), requiredCustomerInfos: fields });
  });

  /**
   * What the operator needs now, against what each guest gave (ADR 0040). A field the experience
   * began to require after booking marks the guests who lack it as not submitted, so the trip
   * asks for it (the trip page calls this when it opens).
   */
  app.post('/refresh_requirements', async (c) => {
    const body = await readBody(c, RefreshRequirementsBody);
    const d = await deps(c, false);
    const [item] = await d.db.select().from(orderItems).where(eq(orderItems.id, body.orderItemId));
    const [o] = item?.orderId ? await d.db.select().from(orders).where(eq(orders.id, item.orderId)) : [];
    if (!item || !o || !mayReadOrder(d.user, o) || (o.status !== 'placed' && o.status !== 'awaiting_payment')) throw new HttpError(404, 'Booking not found');
    const option = await loadBookableOption(d.db, { id: item.optionId });
    if (!option) throw new HttpError(404, 'Booking not found');
    const fields = requiredCustomerInfos(option);
    const guests = item.quantity + item.childQuantity + item.localQuantity + item.childLocalQuantity;
    const today = todayFor(option);
    const answer = await d.db.transaction(async (tx) => {
      const rows = await tx.select().from(orderItemCustomers).where(eq(orderItemCustomers.orderItemId, item.id)).orderBy(orderItemCustomers.position).for('update');
      const given = new Set(rows.flatMap((r) => Object.keys(r.info).filter((k) => (r.info[k] ?? '').trim() !== '')));
      const customers = [];
      for (let position = 0; position < guests; position++) {
        const row = rows.find((r) => r.position === position);
        const missing = Object.keys(customerProblems(fields, row?.info ?? {}, today)) as (typeof fields)[number][];
        if (row && row.submittedAt && missing.length) await tx.update(orderItemCustomers).set({ submittedAt: null }).where(eq(orderItemCustomers.id, row.id));
        customers.push({ position, isSubmitted: !!row?.submittedAt && missing.length === 0, missing });
      }
      return {
        orderItemId: item.id,
        requiredCustomerInfos: fields,
        newlyRequired: rows.length ? fields.filter((f) => !given.has(f)) : [],
        customers,
        complete: customers.every((x) => x.isSubmitted),
      };
    });
    if (answer.newlyRequired.length) d.log.info({ orderItemId: item.id, newlyRequired: answer.newlyRequired }, 'a booking needs details the experience began to require');
    return reply(c, answer);
  });

  app.post('/waitlists', async (c) => {
    const body = await readBody(c, WaitlistBody);
    const d = await deps(c, false);
    const option = await loadBookableOption(d.db, { slugCode: body.optionId });
    assertBookable(option);
    if (!isOperatingDate(option, body.date)) throw new HttpError(422, 'This experience does not run on that date', { fields: { date: 'This experience does not run on that date' } });
    const parsed = body.detailedTimeslotId ? parseTimeslotId(body.detailedTimeslotId) : null;
    if (body.detailedTimeslotId && (!parsed || parsed.date !== body.date)) throw new HttpError(422, 'Please choose one of the start times', { fields: { detailed_timeslot_id: 'Unknown start time' } });
    const keys = parsed ? [parsed.slotKey] : slotKeysOf(option);
    let most = 0;
    for (const k of keys) most = Math.max(most, (await unitsLeftFor(d.db, option, { startDate: body.date, endDate: body.date, slotKey: k })).left);
    if (most > 0) throw new HttpError(422, 'There is still room on this date: you can book it now', { body: { code: 'available' }, fields: { date: 'Still available' } });
    // The place on the list and its e-mail commit together.
    const row = await d.db.transaction(async (tx) => {
      const res = await tx.execute<{ date: string; email: string; guests: number; created_at: string | Date }>(sql`
        insert into ${waitlists} (option_id, date, slot_key, name, email, guests, user_id)
        values (${option.id}, ${body.date}, ${parsed?.slotKey ?? null}, ${body.name}, ${body.email}, ${body.guests}, ${d.user?.id ?? null})
        on conflict (option_id, date, lower(email)) do update set guests = excluded.guests, name = excluded.name
        returning date::text as date, email, guests, created_at`);
      const placed = (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows)[0] as { date: string; email: string; guests: number; created_at: string | Date };
      await queueMail(
        tx,
        d,
        mailOf(body.email, `You are on the waitlist: ${option.name}`, [`Hi ${body.name},`, '', `You are on the waitlist for ${option.name} on ${body.date} for ${body.guests} ${body.guests === 1 ? 'guest' : 'guests'}.`, 'If places free up, we will write to you straight away: first come, first served.', '', 'The Verdant team']),
      );
      return placed;
    });
    return reply(c, { waitlist: { optionId: option.slugCode, date: row.date, email: row.email, guests: row.guests, createdAt: new Date(row.created_at).toISOString() } }, 201);
  });

  // Exempt from the guest bearer (app.ts): the provider's signature is the proof.
  app.post('/payments/webhook', async (c) => {
    const raw = await c.req.text();
    const d = await deps(c, false);
    try {
      const r = await handleWebhook(d, raw, { get: (name: string) => c.req.header(name) });
      return reply(c, { received: true, handled: r.handled });
    } catch (err) {
      if (err instanceof WebhookSignatureError) throw new HttpError(400, err.message);
      throw err;
    }
  });

  /**
   * The test gateway's wallet sheet said yes: a one-time wallet token for exactly the amount it
   * showed (what the Express Checkout Element gives with Stripe).
   */
  app.post('/test-gateway/wallet-tokens', async (c) => {
    const gateway = c.var.payments as Partial<ReturnType<typeof createTestGateway>>;
    if (c.var.payments.name !== 'test' || !gateway.walletToken) throw new HttpError(404, 'Not found');
    const body = await readBody(c, WalletTokenBody);
    const m = await loadMoneyContext(c.var.db);
    const unit = m.units.get(body.amount.currency);
    if (!unit) throw new HttpError(422, 'This currency is not supported', { fields: { 'amount.currency': 'is not supported' } });
    const minor = toMinor(body.amount.amount, unit.exponent);
    if (!(minor > 0)) throw new HttpError(422, 'Nothing to pay', { fields: { 'amount.amount': 'Must be more than zero' } });
    const t = gateway.walletToken({ wallet: body.wallet, card: body.card, amount: minor, currency: unit.code });
    return reply(c, { token: t.token, wallet: body.wallet, card: { brand: t.brand, last4: t.last4 } }, 201);
  });

  /**
   * The test gateway's clock (development and tests only): runs the sweeper for one booking as
   * if the time were `at`, so a journey can show what happens when a hold lapses without waiting
   * 15 minutes. Only that booking is touched; it must be readable by the caller.
   */
  app.post('/test-gateway/clock', async (c) => {
    const body = await readBody(c, TestClockBody);
    const d = await deps(c, false);
    if (d.payments.name !== 'test' || d.config.isProduction) throw new HttpError(404, 'Not found');
    const order = await readableOrder(d.db, body.orderId, d.user);
    const at = new Date(body.at);
    const swept = await sweepBooking({ ...d, now: () => at }, { orderId: order.id });
    // A gift's order: its delivery job runs as if the time were `at` (services/gifts/clock.ts).
    const gift = await giftOfOrder(d.db, order.id);
    const giftClock = gift && c.var.jobs ? await moveGiftClock(c.var.jobs, gift, at) : null;
    // Its WhatsApp trip notices (ADR 0046) likewise: the reminder goes out once `at` is the day before.
    const noticesDue = c.var.jobs ? await moveNoticeClock(d.db, c.var.jobs, order.id, at) : 0;
    return reply(c, { ...swept, ...(giftClock ? { giftDue: giftClock.due } : {}), noticesDue, order: await orderView(d.db, order.id) });
  });

  /** The test gateway's tokenisation (what Stripe.js does in the browser with a real key). */
  app.post('/test-gateway/tokens', async (c) => {
    const gateway = c.var.payments as Partial<ReturnType<typeof createTestGateway>>;
    if (c.var.payments.name !== 'test' || !gateway.tokenize) throw new HttpError(404, 'Not found');
    const body = await readBody(c, TokenBody);
    try {
      const t = gateway.tokenize(body);
      return reply(c, { token: t.token, card: { brand: t.brand, last4: t.last4 } }, 201);
    } catch (err) {
      if (err instanceof CardError) throw new HttpError(422, err.message, { fields: { [err.field]: err.message } });
      throw err;
    }
  });

  return app;
}
