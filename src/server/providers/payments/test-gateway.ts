// The built-in test payment gateway: a faithful stand-in for Stripe in test mode, so the whole
// booking flow runs with no account and no network. It tokenises cards like Stripe.js (the
// card number goes to the gateway, never to our order tables; the token is the card sealed
// with AES-256-GCM), decides what happens from Stripe's published test card numbers, keeps its
// own ledger (test_gateway_payments) keyed by idempotency key so a retry never charges twice,
// and plays the bank for 3-D Secure (a one-time code) and PayNow (an SGQR code to scan). It
// also plays the wallets: Apple Pay and Google Pay sheets hand out a sealed wallet token bound
// to the amount the sheet showed (as a real wallet's cryptogram is), and GrabPay is a page of
// its own (/test-gateway/grabpay/{ref}) that approves, declines or is left alone.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Db } from '../../db/client.ts';
import { testGatewayPaymentMethods, testGatewayPayments, testGatewayRefunds } from '../../db/schema.ts';
import { randomId } from '../../services/secrets.ts';
import { AUTHENTICATION_FAILED, type CardChargeInput, type PaymentOutcome, type PaymentProvider, type ProviderPayment, type Wallet } from './port.ts';

/** The bank's one-time code for every test card that asks for 3-D Secure. */
export const TEST_OTP = '123456';
/** How long a PayNow QR (and an unfinished 3-D Secure challenge) stays payable. */
export const ACTION_TTL_MS = 15 * 60_000;
const TOKEN_TTL_MS = 60 * 60_000;

type Scenario =
  | { kind: 'succeed' }
  | { kind: 'decline'; code: string; declineCode: string | null; message: string }
  | { kind: 'challenge' };

const declined = (declineCode: string, message: string): Scenario => ({ kind: 'decline', code: 'card_declined', declineCode, message });

/** Stripe's test cards (https://docs.stripe.com/testing), by number. */
export const TEST_CARDS: Record<string, Scenario> = {
  '4242424242424242': { kind: 'succeed' },
  '4000056655665556': { kind: 'succeed' },
  '5555555555554444': { kind: 'succeed' },
  '2223003122003222': { kind: 'succeed' },
  '378282246310005': { kind: 'succeed' },
  '4000000000000002': declined('generic_decline', 'Your card was declined.'),
  '4000000000009995': declined('insufficient_funds', 'Your card has insufficient funds.'),
  '4000000000009987': declined('lost_card', 'Your card was declined.'),
  '4000000000000069': { kind: 'decline', code: 'expired_card', declineCode: null, message: 'Your card has expired.' },
  '4000000000000127': { kind: 'decline', code: 'incorrect_cvc', declineCode: null, message: 'Your card’s security code is incorrect.' },
  '4000002500003155': { kind: 'challenge' },
  '4000002760003184': { kind: 'challenge' },
  '4000000000003220': { kind: 'challenge' },
};

/** How a scenario is written in the gateway's tables: succeed, challenge, or decline:code|declineCode|message. */
const scenarioText = (s: Scenario) => (s.kind === 'decline' ? `decline:${s.code}|${s.declineCode ?? ''}|${s.message}` : s.kind);
function scenarioOf(text: string): Scenario {
  if (text === 'succeed' || text === 'challenge') return { kind: text };
  const [code = 'card_declined', declineCode = '', ...message] = text.slice('decline:'.length).split('|');
  return { kind: 'decline', code, declineCode: declineCode || null, message: message.join('|') || 'Your card was declined.' };
}

/** A saved card that is gone (detached, or another customer's): Stripe's resource_missing, in words for the traveller. */
const MISSING_METHOD: Scenario = { kind: 'decline', code: 'resource_missing', declineCode: null, message: 'This saved card is no longer available. Please enter your card details.' };

const LIVE_CARD = declined('test_mode_live_card', 'Your card was declined. This is a test payment page: use a test card such as 4242 4242 4242 4242.');

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^35/.test(number)) return 'jcb';
  if (/^62/.test(number)) return 'unionpay';
  if (/^6/.test(number)) return 'discover';
  return 'unknown';
}

export type CardInput = { number: string; expMonth: number; expYear: number; cvc: string };
type Sealed = CardInput & { iat: number };
/** What a simulated wallet sheet approved: the wallet, its card, and the exact amount (minor units). */
type SealedWallet = { wallet: Wallet; number: string; amount: number; currency: string; iat: number };

/** The cards in the simulated wallets, by last four. */
export const WALLET_CARDS = { '4242': '4242424242424242', '9995': '4000000000009995' } as const;
/** Where the test gateway's GrabPay page lives (served by the API process, outside /api/v1). */
export const GRABPAY_PAGE_PATH = '/test-gateway/grabpay';

export class CardError extends Error {
  readonly field: 'number' | 'expiry' | 'cvc';
  constructor(field: 'number' | 'expiry' | 'cvc', message: string) {
    super(message);
    this.name = 'CardError';
    this.field = field;
  }
}

export function createTestGateway(db: Db, secret: string, now: () => Date = () => new Date()): PaymentProvider & {
  tokenize(card: CardInput): { token: string; brand: string; last4: string };
  walletToken(input: { wallet: Wallet; card: keyof typeof WALLET_CARDS; amount: number; currency: string }): { token: string; brand: string; last4: string };
  grabPayPage(ref: string): Promise<{ amount: number; currency: string; status: string; expiresAt: Date; returnUrl: string | null } | null>;
} {
  const key = createHash('sha256').update(`test-gateway-token:${secret}`).digest();

  function seal(card: Sealed): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const data = Buffer.concat([cipher.update(JSON.stringify(card), 'utf8'), cipher.final()]);
    return `tok_${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url')}`;
  }

  function sealAs(prefix: string, value: object): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const data = Buffer.concat([cipher.update(JSON.stringify({ ...value, kind: prefix }), 'utf8'), cipher.final()]);
    return `${prefix}_${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url')}`;
  }

  function openAs<T extends { iat: number }>(prefix: string, token: string): T | null {
    if (!token.startsWith(`${prefix}_`)) return null;
    try {
      const raw = Buffer.from(token.slice(prefix.length + 1), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      const value = JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')) as T & { kind?: string };
      // A card token is never a wallet token and the other way round (the kind is sealed inside).
      if (prefix !== 'tok' && value.kind !== prefix) return null;
      return now().getTime() - value.iat > TOKEN_TTL_MS ? null : value;
    } catch {
      return null;
    }
  }

  const open = (token: string) => openAs<Sealed>('tok', token);

  type Row = typeof testGatewayPayments.$inferSelect;

  function outcome(row: Row, action: PaymentOutcome['action'] = null): PaymentOutcome {
    const scenario = row.scenario.startsWith('decline:') ? row.scenario.slice('decline:'.length).split('|') : null;
    const failedAuth = row.failureCode === 'payment_intent_authentication_failure';
    return {
      ref: row.id,
      state: row.status === 'canceled' ? 'canceled' : row.status,
      cardBrand: row.cardBrand,
      cardLast4: row.cardLast4,
      failureCode: row.status === 'failed' ? row.failureCode : null,
      declineCode: row.status === 'failed' && scenario ? (scenario[1] || null) : null,
      failureMessage: row.status !== 'failed' ? null : failedAuth ? AUTHENTICATION_FAILED : (scenario?.[2] ?? 'Your payment failed.'),
      action:
        row.status === 'requires_action'
          ? (action ?? (row.method === 'card' ? { type: 'otp_challenge', challengeId: row.id } : row.method === 'grabpay' && row.returnUrl ? { type: 'redirect', url: grabPayUrl(row) } : null))
          : null,
    };
  }

  /** Inserts once per idempotency key; a repeat returns the first row, never a second charge. */
  async function record(values: typeof testGatewayPayments.$inferInsert): Promise<Row> {
    const inserted = await db.insert(testGatewayPayments).values(values).onConflictDoNothing({ target: testGatewayPayments.idempotencyKey }).returning();
    if (inserted[0]) return inserted[0];
    const [existing] = await db.select().from(testGatewayPayments).where(eq(testGatewayPayments.idempotencyKey, values.idempotencyKey));
    if (!existing) throw new Error('test gateway: idempotency row vanished');
    return existing;
  }

  /** The gateway's GrabPay page, on the site that asked (the origin of its return address). */
  function grabPayUrl(row: Row): string {
    return `${new URL(row.returnUrl ?? 'http://localhost/').origin}${GRABPAY_PAGE_PATH}/${row.id}`;
  }

  async function byRef(ref: string): Promise<Row> {
    const [row] = await db.select().from(testGatewayPayments).where(eq(testGatewayPayments.id, ref));
    if (!row) throw new Error(`test gateway: no payment ${ref}`);
    return row;
  }

  async function paynowAction(row: Row, input: { reference: string }): Promise<PaymentOutcome['action']> {
    const expiresAt = new Date(row.createdAt.getTime() + ACTION_TTL_MS);
    const payload = payNowPayload({ amount: row.amount, reference: input.reference, expiresAt });
    const imageSvg = await QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#1f3a2eff', light: '#ffffffff' } });
    return { type: 'paynow_qr', imageSvg, imageUrl: null, reference: input.reference, expiresAt };
  }

  return {
    name: 'test',

    tokenize(card) {
      const number = card.number.replace(/[\s-]/g, '');
      if (!luhnValid(number)) throw new CardError('number', 'Your card number is incorrect.');
      const n = now();
      const month = Math.trunc(card.expMonth);
      const year = card.expYear < 100 ? 2000 + Math.trunc(card.expYear) : Math.trunc(card.expYear);
      if (!(month >= 1 && month <= 12)) throw new CardError('expiry', 'Your card’s expiration month is invalid.');
      if (year < n.getUTCFullYear() || (year === n.getUTCFullYear() && month < n.getUTCMonth() + 1) || year > n.getUTCFullYear() + 20) {
        throw new CardError('expiry', 'Your card’s expiration year is invalid.');
      }
      const cvcLength = cardBrand(number) === 'amex' ? 4 : 3;
      if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc.trim())) throw new CardError('cvc', 'Your card’s security code is invalid.');
      return { token: seal({ number, expMonth: month, expYear: year, cvc: card.cvc.trim(), iat: n.getTime() }), brand: cardBrand(number), last4: number.slice(-4) };
    },

    async chargeCard(input: CardChargeInput) {
      let scenario: Scenario;
      let shown: { brand: string; last4: string } | null = null;
      let methodId: string | null = null;
      if (input.cardToken.startsWith('pm_test_')) {
        // A saved card, reused with the traveller present: it behaves as the card it was
        // (3-D Secure asks again, a declining card declines), if it is still the customer's.
        const [pm] = await db.select().from(testGatewayPaymentMethods).where(eq(testGatewayPaymentMethods.id, input.cardToken));
        const usable = pm && !pm.detachedAt && pm.customerRef !== null && pm.customerRef === input.customer;
        if (pm && usable) {
          const n = now();
          const expired = pm.expYear < n.getUTCFullYear() || (pm.expYear === n.getUTCFullYear() && pm.expMonth < n.getUTCMonth() + 1);
          scenario = expired ? { kind: 'decline', code: 'expired_card', declineCode: null, message: 'Your card has expired.' } : scenarioOf(pm.scenario);
          shown = { brand: pm.brand, last4: pm.last4 };
          methodId = pm.id;
        } else scenario = MISSING_METHOD;
      } else {
        const card = open(input.cardToken);
        scenario = card ? (TEST_CARDS[card.number] ?? LIVE_CARD) : { kind: 'decline', code: 'invalid_token', declineCode: null, message: 'Your card details have expired. Please enter them again.' };
        shown = card ? { brand: cardBrand(card.number), last4: card.number.slice(-4) } : null;
        if (card && input.saveCard && input.customer) {
          // setup_future_usage: the card becomes a payment method now, attached to the customer
          // only if the payment succeeds (savedMethodOf). No number and no CVC are kept.
          methodId = `pm_test_${randomId(14)}`;
          await db.insert(testGatewayPaymentMethods).values({ id: methodId, scenario: scenarioText(scenario), brand: shown!.brand, last4: shown!.last4, expMonth: card.expMonth, expYear: card.expYear });
        }
      }
      const row = await record({
        id: `pi_test_${randomId(12)}`,
        idempotencyKey: input.idempotencyKey,
        orderId: input.orderId,
        method: 'card',
        amount: input.amount,
        currency: input.currency,
        status: scenario.kind === 'succeed' ? 'succeeded' : scenario.kind === 'challenge' ? 'requires_action' : 'failed',
        scenario: scenarioText(scenario),
        cardBrand: shown?.brand ?? null,
        cardLast4: shown?.last4 ?? null,
        failureCode: scenario.kind === 'decline' ? scenario.code : null,
        paymentMethodId: methodId,
        customerRef: input.customer ?? null,
        setupFutureUsage: !!(input.saveCard && input.customer && !input.cardToken.startsWith('pm_test_')),
      });
      return outcome(row);
    },

    async createCustomer() {
      return `cus_test_${randomId(14)}`;
    },

    async savedMethodOf(ref) {
      const row = await byRef(ref);
      if (row.status !== 'succeeded' || !row.setupFutureUsage || !row.paymentMethodId || !row.customerRef) return null;
      // Attached once, to the payment's customer (a detached card is never attached again).
      await db
        .update(testGatewayPaymentMethods)
        .set({ customerRef: row.customerRef })
        .where(sql`${testGatewayPaymentMethods.id} = ${row.paymentMethodId} and ${testGatewayPaymentMethods.customerRef} is null and ${testGatewayPaymentMethods.detachedAt} is null`);
      const [pm] = await db.select().from(testGatewayPaymentMethods).where(eq(testGatewayPaymentMethods.id, row.paymentMethodId));
      if (!pm || pm.detachedAt || pm.customerRef !== row.customerRef) return null;
      return { ref: pm.id, customerRef: pm.customerRef, brand: pm.brand, last4: pm.last4, expMonth: pm.expMonth, expYear: pm.expYear };
    },

    async detachMethod(ref) {
      await db.update(testGatewayPaymentMethods).set({ customerRef: null, detachedAt: sql`now()` }).where(sql`${testGatewayPaymentMethods.id} = ${ref} and ${testGatewayPaymentMethods.detachedAt} is null`);
    },

    async startPayNow(input) {
      const row = await record({
        id: `pi_test_${randomId(12)}`,
        idempotencyKey: input.idempotencyKey,
        orderId: input.orderId,
        method: 'paynow',
        amount: input.amount,
        currency: input.currency,
        status: 'requires_action',
        scenario: 'paynow',
      });
      return outcome(row, await paynowAction(row, input));
    },

    walletToken(input) {
      const number = WALLET_CARDS[input.card];
      if (!Number.isInteger(input.amount) || input.amount <= 0) throw new CardError('number', 'The wallet sheet needs an amount to pay.');
      const sealed: SealedWallet = { wallet: input.wallet, number, amount: input.amount, currency: input.currency.toUpperCase(), iat: now().getTime() };
      return { token: sealAs('wtok', sealed), brand: cardBrand(number), last4: number.slice(-4) };
    },

    async chargeWallet(input) {
      const w = openAs<SealedWallet>('wtok', input.walletToken);
      let scenario: Scenario;
      if (!w) scenario = { kind: 'decline', code: 'invalid_token', declineCode: null, message: 'Your wallet approval has expired. Please pay with your wallet again.' };
      else if (w.wallet !== input.wallet) scenario = { kind: 'decline', code: 'invalid_token', declineCode: null, message: 'This wallet approval is for another wallet. Please pay with your wallet again.' };
      else if (w.amount !== input.amount || w.currency !== input.currency.toUpperCase()) {
        // Like a real wallet cryptogram: it pays the amount the sheet showed, nothing else.
        scenario = { kind: 'decline', code: 'amount_mismatch', declineCode: null, message: 'The amount changed after your wallet approved it. Please check the total and pay again.' };
      } else {
        const card = TEST_CARDS[w.number] ?? LIVE_CARD;
        // The device authenticated the traveller already: a wallet payment never asks for a code.
        scenario = card.kind === 'challenge' ? { kind: 'succeed' } : card;
      }
      const row = await record({
        id: `pi_test_${randomId(12)}`,
        idempotencyKey: input.idempotencyKey,
        orderId: input.orderId,
        method: input.wallet,
        amount: input.amount,
        currency: input.currency,
        status: scenario.kind === 'decline' ? 'failed' : 'succeeded',
        scenario: scenario.kind === 'decline' ? `decline:${scenario.code}|${scenario.declineCode ?? ''}|${scenario.message}` : 'succeed',
        cardBrand: w ? cardBrand(w.number) : null,
        cardLast4: w ? w.number.slice(-4) : null,
        failureCode: scenario.kind === 'decline' ? scenario.code : null,
      });
      return outcome(row);
    },

    async startGrabPay(input) {
      const row = await record({
        id: `pi_test_${randomId(12)}`,
        idempotencyKey: input.idempotencyKey,
        orderId: input.orderId,
        method: 'grabpay',
        amount: input.amount,
        currency: input.currency,
        status: 'requires_action',
        scenario: 'grabpay',
        returnUrl: input.returnUrl,
      });
      return outcome(row);
    },

    async grabPayPage(ref) {
      // A ref from the address bar: one our ids can be (a NUL or a 10 KB string is no payment).
      if (!/^[\w-]{1,100}$/.test(ref)) return null;
      const [row] = await db.select().from(testGatewayPayments).where(eq(testGatewayPayments.id, ref));
      if (!row || row.method !== 'grabpay') return null;
      return { amount: row.amount, currency: row.currency, status: row.status, expiresAt: new Date(row.createdAt.getTime() + ACTION_TTL_MS), returnUrl: row.returnUrl };
    },

    async answerGrabPay(ref, answer) {
      const set =
        answer === 'approve'
          ? { status: 'succeeded' as const }
          : answer === 'decline'
            ? { status: 'failed' as const, failureCode: 'grabpay_declined', scenario: 'decline:grabpay_declined||GrabPay declined this payment, so nothing was charged. Please try again or choose another way to pay.' }
            : { status: 'canceled' as const };
      await db
        .update(testGatewayPayments)
        .set({ ...set, updatedAt: sql`now()` })
        .where(sql`${testGatewayPayments.id} = ${ref} and ${testGatewayPayments.method} = 'grabpay' and ${testGatewayPayments.status} = 'requires_action'`);
      const row = await byRef(ref);
      return { ...outcome(row), returnUrl: row.returnUrl };
    },

    async answerChallenge(ref, code) {
      const row = await byRef(ref);
      if (row.status !== 'requires_action' || row.method !== 'card') return outcome(row);
      const passed = code.trim() === TEST_OTP;
      const [updated] = await db
        .update(testGatewayPayments)
        .set(passed ? { status: 'succeeded', updatedAt: sql`now()` } : { status: 'failed', failureCode: 'payment_intent_authentication_failure', updatedAt: sql`now()` })
        .where(sql`${testGatewayPayments.id} = ${ref} and ${testGatewayPayments.status} = 'requires_action'`)
        .returning();
      return outcome(updated ?? (await byRef(ref)));
    },

    async retrieve(ref) {
      return outcome(await byRef(ref)); // a PayNow QR is shown from what startPayNow returned
    },

    async cancel(ref) {
      await db
        .update(testGatewayPayments)
        .set({ status: 'canceled', updatedAt: sql`now()` })
        .where(sql`${testGatewayPayments.id} = ${ref} and ${testGatewayPayments.status} in ('requires_action', 'processing')`);
    },

    async refund(ref, partial) {
      if (partial) {
        // One transaction with the charge locked, as a real gateway records a refund: all or
        // nothing (a process killed in between never leaves refund rows on a charge still
        // "succeeded"), and two refunds at once cannot both pass the check of what is left.
        await db.transaction(async (tx) => {
          const [row] = await tx.select().from(testGatewayPayments).where(eq(testGatewayPayments.id, ref)).for('update');
          if (!row) throw new Error(`test gateway: no payment ${ref}`);
          if (row.status !== 'succeeded') throw new Error(`test gateway: payment ${ref} is ${row.status}, not refundable`);
          if (!Number.isInteger(partial.amount) || partial.amount <= 0) throw new Error(`test gateway: bad refund amount ${partial.amount}`);
          const [done] = await tx.select({ id: testGatewayRefunds.id }).from(testGatewayRefunds).where(eq(testGatewayRefunds.idempotencyKey, partial.idempotencyKey));
          if (done) return;
          const [sum] = await tx.select({ total: sql<number>`coalesce(sum(${testGatewayRefunds.amount}), 0)::int` }).from(testGatewayRefunds).where(eq(testGatewayRefunds.paymentId, ref));
          const already = Number(sum?.total ?? 0);
          // Like Stripe: never more than what remains of the charge.
          if (already + partial.amount > row.amount) throw new Error(`test gateway: refund of ${partial.amount} exceeds the ${row.amount - already} left on ${ref}`);
          await tx.insert(testGatewayRefunds).values({ id: `re_test_${randomId(12)}`, idempotencyKey: partial.idempotencyKey, paymentId: ref, amount: partial.amount });
          if (already + partial.amount === row.amount) {
            await tx.update(testGatewayPayments).set({ status: 'refunded', updatedAt: sql`now()` }).where(eq(testGatewayPayments.id, ref));
          }
        });
        return;
      }
      await db
        .update(testGatewayPayments)
        .set({ status: 'refunded', updatedAt: sql`now()` })
        .where(sql`${testGatewayPayments.id} = ${ref} and ${testGatewayPayments.status} = 'succeeded'`);
    },

    async listPayments(window) {
      // The charge's id qualified by hand: in a one-table select drizzle writes a column as a bare
      // "id", which inside this subquery would be the refund's own id (the sum was always 0).
      const rows = await db
        .select({ row: testGatewayPayments, refunded: sql<number>`(select coalesce(sum(r.amount), 0)::int from ${testGatewayRefunds} r where r.payment_id = ${testGatewayPayments}.id)` })
        .from(testGatewayPayments)
        .where(and(gte(testGatewayPayments.createdAt, window.since), lt(testGatewayPayments.createdAt, window.until)));
      return rows.map(({ row, refunded }): ProviderPayment => ({
        ref: row.id,
        orderId: row.orderId,
        state: row.status === 'canceled' ? 'canceled' : row.status,
        amount: row.amount,
        // A full refund (no partial rows) gives back everything.
        refunded: row.status === 'refunded' && Number(refunded) === 0 ? row.amount : Number(refunded),
        currency: row.currency,
        createdAt: row.createdAt,
      }));
    },

    async readWebhook() {
      return null; // the test gateway reports synchronously; it sends no webhooks
    },

    async simulatePayNow(ref) {
      await db
        .update(testGatewayPayments)
        .set({ status: 'succeeded', updatedAt: sql`now()` })
        .where(sql`${testGatewayPayments.id} = ${ref} and ${testGatewayPayments.method} = 'paynow' and ${testGatewayPayments.status} = 'requires_action'`);
      return outcome(await byRef(ref));
    },
  };
}

// ── PayNow QR (SGQR / EMVCo merchant-presented) ──────────────────────────────────────
export const PAYNOW_MERCHANT = { uen: '201912345K', name: 'VERDANT TRAVEL PTE LTD', city: 'Singapore' };

const tlv = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

/** CRC-16/CCITT-FALSE, the checksum SGQR payloads end with. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** A dynamic PayNow QR payload for `amount` cents of SGD to the merchant's UEN. */
export function payNowPayload(p: { amount: number; reference: string; expiresAt: Date }): string {
  const expiry = p.expiresAt.toISOString().slice(0, 10).replace(/-/g, '');
  const merchant = tlv('00', 'SG.PAYNOW') + tlv('01', '2') + tlv('02', PAYNOW_MERCHANT.uen) + tlv('03', '0') + tlv('04', expiry);
  const body =
    tlv('00', '01') +
    tlv('01', '12') +
    tlv('26', merchant) +
    tlv('52', '0000') +
    tlv('53', '702') +
    tlv('54', (p.amount / 100).toFixed(2)) +
    tlv('58', 'SG') +
    tlv('59', PAYNOW_MERCHANT.name) +
    tlv('60', PAYNOW_MERCHANT.city) +
    tlv('62', tlv('01', p.reference.slice(0, 25)));
  const withCrcTag = `${body}6304`;
  return withCrcTag + crc16(withCrcTag);
}
