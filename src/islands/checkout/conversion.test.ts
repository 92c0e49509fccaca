import { describe, expect, it, vi } from 'vitest';
import { ACCEPT_ALL } from '../../stores/consent.ts';
import { purchaseEventId, reportPurchase } from './conversion.ts';

const order = (id: string, status: 'placed' | 'failed' = 'placed') => ({
  id,
  status,
  exchangedTotalAmountWithConversionFee: { amount: 123.45, currency: 'SGD' },
  orderItem: { option: { slugCode: 'macritchie-treetop-walk-k1' } },
}) as unknown as Parameters<typeof reportPurchase>[0];
const win = () => ({ fbq: vi.fn(), location: { href: 'https://verdant.example/checkout/confirmation?order=x' } });

describe('reportPurchase', () => {
  it('with targeting consent, tells the pixel and the server once, under one event id', async () => {
    const w = win();
    const send = vi.fn(() => Promise.resolve({}));
    expect(reportPurchase(order('ord_consented1'), { consent: ACCEPT_ALL, win: w, send })).toBe(true);
    // A re-render or another consent change on the same page sends nothing again.
    expect(reportPurchase(order('ord_consented1'), { consent: ACCEPT_ALL, win: w, send })).toBe(false);
    expect(send).toHaveBeenCalledTimes(1);
    expect(w.fbq).toHaveBeenCalledTimes(1);
    const eventId = purchaseEventId('ord_consented1');
    expect(w.fbq).toHaveBeenCalledWith('track', 'Purchase', { value: 123.45, currency: 'SGD', content_ids: ['macritchie-treetop-walk-k1'], content_type: 'product' }, { eventID: eventId });
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ eventName: 'Purchase', eventId, consent: { targetingCookie: true }, customData: expect.objectContaining({ orderId: 'ord_consented1' }) }));
  });

  it('calls the server even when no pixel is on the page (no PUBLIC_PIXEL_ID)', () => {
    const send = vi.fn(() => Promise.resolve({}));
    expect(reportPurchase(order('ord_nopixel01'), { consent: ACCEPT_ALL, win: { location: { href: 'https://verdant.example/' } }, send })).toBe(true);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('sends nothing without targeting consent, before a choice, or for an order that was not placed', () => {
    const w = win();
    const send = vi.fn(() => Promise.resolve({}));
    expect(reportPurchase(order('ord_refused01'), { consent: { ...ACCEPT_ALL, targetingCookie: false }, win: w, send })).toBe(false);
    expect(reportPurchase(order('ord_refused01'), { consent: null, win: w, send })).toBe(false);
    expect(reportPurchase(order('ord_failed001', 'failed'), { consent: ACCEPT_ALL, win: w, send })).toBe(false);
    expect(send).not.toHaveBeenCalled();
    expect(w.fbq).not.toHaveBeenCalled();
    // Consent given later on the same page: now it is sent.
    expect(reportPurchase(order('ord_refused01'), { consent: ACCEPT_ALL, win: w, send })).toBe(true);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
