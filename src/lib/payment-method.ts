// How a payment is named to the traveller: the method (a wallet is named as such) and, for
// cards and mobile wallets, the card behind it. Used by the confirmation, the trip and the receipt.
import { PAYMENT_METHOD_NAMES, type PaymentMethod } from '../contract/booking.ts';

type PaymentLike = { method: PaymentMethod; cardBrand: string | null; cardLast4: string | null };

const brand = (b: string | null) => (b ? b.charAt(0).toUpperCase() + b.slice(1) : 'Card');

/** "Visa •••• 4242", "Google Pay · Visa •••• 4242", "GrabPay", "PayNow". */
export function paymentMethodText(p: PaymentLike): string {
  const card = p.cardLast4 ? `${brand(p.cardBrand)} •••• ${p.cardLast4}` : null;
  if (p.method === 'card') return card ?? 'Card';
  return card ? `${PAYMENT_METHOD_NAMES[p.method]} · ${card}` : PAYMENT_METHOD_NAMES[p.method];
}

const BRAND_NAMES: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', jcb: 'JCB', unionpay: 'UnionPay', discover: 'Discover', diners: 'Diners Club' };

/** A saved card's brand as travellers read it: "Visa", "American Express", "Card". */
export const cardBrandName = (b: string | null): string => (b ? (BRAND_NAMES[b] ?? brand(b)) : 'Card');

/** A card is good until the end of its expiry month (in UTC, as the providers count it). */
export function cardExpired(card: { expMonth: number; expYear: number }, now: Date = new Date()): boolean {
  const year = now.getUTCFullYear();
  return card.expYear < year || (card.expYear === year && card.expMonth < now.getUTCMonth() + 1);
}

/** "12/30" */
export const cardExpiryText = (card: { expMonth: number; expYear: number }) => `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`;
