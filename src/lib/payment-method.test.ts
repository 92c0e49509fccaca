import { describe, expect, it } from 'vitest';
import { paymentMethodText } from './payment-method.ts';

describe('paymentMethodText', () => {
  it('names wallets as such, with the card behind a mobile wallet', () => {
    expect(paymentMethodText({ method: 'card', cardBrand: 'visa', cardLast4: '4242' })).toBe('Visa •••• 4242');
    expect(paymentMethodText({ method: 'google_pay', cardBrand: 'visa', cardLast4: '4242' })).toBe('Google Pay · Visa •••• 4242');
    expect(paymentMethodText({ method: 'apple_pay', cardBrand: 'mastercard', cardLast4: '4444' })).toBe('Apple Pay · Mastercard •••• 4444');
    expect(paymentMethodText({ method: 'grabpay', cardBrand: null, cardLast4: null })).toBe('GrabPay');
    expect(paymentMethodText({ method: 'paynow', cardBrand: null, cardLast4: null })).toBe('PayNow');
    expect(paymentMethodText({ method: 'card', cardBrand: null, cardLast4: null })).toBe('Card');
  });
});
