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
