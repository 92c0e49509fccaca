// One place that turns a pay call's method into the provider call: card, PayNow, a mobile
// wallet (Apple Pay, Google Pay) or GrabPay. Pay-cart and pay-order check the method's rules
// first (methodRules); the charge itself is idempotent by the key in `input`.
import { GRABPAY_CURRENCIES, GRABPAY_CURRENCY_RULE, isWalletMethod, type PaymentMethod } from '../../../../contract/booking.ts';
import { HttpError } from '../../../http.ts';
import type { ChargeInput, PaymentOutcome } from '../../../providers/payments/port.ts';
import { customerFor, savedCardForPayment } from '../account-seam.ts';
import type { CheckoutDeps } from './deps.ts';

/** The methods that go to the payment provider (the others are settled without one). */
export const PROVIDER_METHODS = ['card', 'paynow', 'apple_pay', 'google_pay', 'grabpay'] as const satisfies readonly PaymentMethod[];
export const isProviderMethod = (m: PaymentMethod) => (PROVIDER_METHODS as readonly string[]).includes(m);

/** What each provider method needs before anything is held: the currency it takes, its token. */
export function methodRules(body: { paymentMethod: PaymentMethod; cardToken?: string | undefined; walletToken?: string | undefined }, currency: string) {
  if (body.paymentMethod === 'paynow' && currency !== 'SGD') {
    throw new HttpError(422, 'PayNow takes Singapore dollars: switch the currency to SGD to pay with PayNow', { fields: { payment_method: 'PayNow is in SGD only' } });
  }
  if (body.paymentMethod === 'grabpay' && !(GRABPAY_CURRENCIES as readonly string[]).includes(currency)) {
    throw new HttpError(422, `${GRABPAY_CURRENCY_RULE} to pay with GrabPay`, { fields: { payment_method: 'GrabPay is in SGD or MYR only' } });
  }
  if (isWalletMethod(body.paymentMethod) && !body.walletToken) {
    throw new HttpError(422, 'Please approve the payment in your wallet', { fields: { wallet_token: 'Please approve the payment in your wallet' } });
  }
}

/** The card a card charge uses: a new card's token (kept for the member when they asked), or one of their saved cards. */
export type CardChoice = { cardToken: string | undefined; customer?: string | undefined; saveCard: boolean };

export async function cardChoice(d: CheckoutDeps, body: { paymentMethod: PaymentMethod; cardToken?: string | undefined; paymentCardId?: string | undefined; saveCard?: boolean | undefined }, charging: boolean): Promise<CardChoice> {
  if (body.paymentMethod !== 'card' || !charging) return { cardToken: body.cardToken, saveCard: false };
  if (body.paymentCardId) {
    if (body.cardToken) throw new HttpError(422, 'Choose a saved card or enter a new card, not both', { fields: { payment_card_id: 'Choose a saved card or a new card' } });
    const saved = await savedCardForPayment(d, d.user, body.paymentCardId);
    return { cardToken: saved.cardToken, customer: saved.customer, saveCard: false };
  }
  if (body.saveCard && body.cardToken) {
    if (!d.user) throw new HttpError(401, 'Log in to save your card for next time');
    return { cardToken: body.cardToken, customer: await customerFor(d, d.user), saveCard: true };
  }
  return { cardToken: body.cardToken, saveCard: false };
}

export async function charge(d: CheckoutDeps, method: PaymentMethod, input: ChargeInput, tokens: { walletToken?: string | undefined } & Partial<CardChoice>): Promise<PaymentOutcome> {
  if (method === 'paynow') return d.payments.startPayNow(input);
  if (method === 'grabpay') return d.payments.startGrabPay(input);
  if (isWalletMethod(method)) return d.payments.chargeWallet({ ...input, wallet: method, walletToken: tokens.walletToken ?? '' });
  return d.payments.chargeCard({ ...input, cardToken: tokens.cardToken ?? '', customer: tokens.customer, saveCard: tokens.saveCard });
}
