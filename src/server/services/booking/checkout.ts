// Checkout and payment. The order of things is what keeps money and seats honest:
//  1. one transaction locks the bag, re-prices it with current rates, checks the total the
//     traveller saw, takes the seats (conditional update: sold out → nothing is charged) and
//     any promotion redemption, and writes the order and a pending payment;
//  2. only then is the provider asked to charge (idempotent by our key);
//  3. the outcome is settled in another transaction that locks the order: success places it
//     (confirmed, or processing for request-to-book), a decline or failed challenge gives the
//     seats back at once, an authentication left unfinished is released after 15 minutes.
// Settling is idempotent: a webhook, a finalize call and the sweeper may all report the same
// payment, and a success that arrives after the order lapsed is refunded, never kept.
//
// The steps live in checkout/: pay-cart and pay-order start a payment, settle applies its
// outcome, payment-events take what the traveller and provider report, sweeper releases what
// nobody finishes; this module is their public face.
export { type CheckoutDeps, HOLD_MS } from './checkout/deps.ts';
export { newOrderNumber } from './checkout/order-number.ts';
export { latestOf, orderView, orderViewOf, readableOrder } from './checkout/order-view.ts';
export { payCart } from './checkout/pay-cart.ts';
export { payOrder } from './checkout/pay-order.ts';
export { answerOtp, finalizePayment, handleWebhook, reportPayFail, simulatePayNow } from './checkout/payment-events.ts';
export { settlePayment } from './checkout/settle.ts';
export { sweepBooking } from './checkout/sweeper.ts';
