// The operator's transitions of a booked item, in one table for both places that offer them: the
// operator calls (/operator/order-items/{id}/…, trips.ts) and the partner back-office
// (/partner/operators/{slug}/bookings/{id}/…, partner.ts). The rules and e-mails are the trip
// services'; a route only adds who may call it and how it reads the note.
import type { Context } from 'hono';
import type { AppEnv, CurrentUser } from '../context.ts';
import { operatorComplete, operatorConfirm, operatorDecideChange, operatorDecline, type OperatorResult, type TripDeps } from '../services/trips/index.ts';


export const tripDeps = (c: Context<AppEnv>): TripDeps => ({ db: c.var.db, config: c.var.config, log: c.var.log, payments: c.var.payments, jobs: c.var.jobs });

type OperatorAction = {
  /** The path after the item's id. */
  path: string;
  /** Reads `{ note }` from the body (a reason or answer sent to the traveller). */
  note: boolean;
  run: (d: TripDeps, user: CurrentUser, itemId: string, note: string | undefined) => Promise<OperatorResult>;
};

export const OPERATOR_ACTIONS: readonly OperatorAction[] = [
  { path: 'confirm', note: false, run: (d, user, id) => operatorConfirm(d, user, id) },
  { path: 'decline', note: true, run: (d, user, id, note) => operatorDecline(d, user, id, note) },
  { path: 'change-request/accept', note: true, run: (d, user, id, note) => operatorDecideChange(d, user, id, true, note) },
  { path: 'change-request/reject', note: true, run: (d, user, id, note) => operatorDecideChange(d, user, id, false, note) },
  { path: 'complete', note: false, run: (d, user, id) => operatorComplete(d, user, id) },
];
