// Trips: a booked order item after purchase. Every traveller action is authorised by the one
// status table in src/lib/order-actions.ts (the island shows the same answer), and only the
// order's owner ever sees a trip (others get 404). Money: refunds follow the cancellation
// policy and never exceed what was paid; added guests are charged through the payment port.
// Provider calls are made outside database transactions (PGlite runs one at a time) with
// idempotency keys derived from the trip, so a retry never refunds or charges twice.
//
// One module per concern: load.ts (loading, with the owner/operator checks), rules.ts (what a
// trip allows now), view.ts (the traveller's view), guest-price.ts, refunds.ts, seats.ts,
// mail.ts, and one per action: cancel.ts, add-guests.ts, change-date.ts, operator.ts,
// reviews.ts, sharing.ts. This index is the public API the routes use.
export { addGuestQuote, addGuests } from './add-guests.ts';
export { cancelTrip } from './cancel.ts';
export { requestDateChange } from './change-date.ts';
export type { TripDeps } from './load.ts';
export { operatorComplete, operatorConfirm, operatorDecideChange, operatorDecline, type OperatorResult } from './operator.ts';
export { writeReview } from './reviews.ts';
export { notAllowed, refundDue, reviewWindowEnd } from './rules.ts';
export { answerShare, readShare, shareOrder } from './sharing.ts';
export { listTrips, tripFor } from './view.ts';
