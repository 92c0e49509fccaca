// The operator's transitions of a booked item, in one table for both places that offer them: the
// operator calls (/operator/order-items/{id}/…, trips.ts) and the partner back-office
// (/partner/operators/{slug}/bookings/{id}/…, partner.ts). The rules and e-mails are the trip
// services'; a route only adds who may call it, and reads the note with the action's body schema.
import type { Context } from 'hono';
import type { z } from 'zod';
import { PartnerDeclineBody } from '../../contract/partner.ts';
import { OperatorDecisionBody } from '../../contract/trips.ts';
import type { AppEnv, CurrentUser } from '../context.ts';
import { operatorComplete, operatorConfirm, operatorDecideChange, operatorDecline, type OperatorResult, type TripDeps } from '../services/trips/index.ts';


export const tripDeps = (c: Context<AppEnv>): TripDeps => ({ db: c.var.db, config: c.var.config, log: c.var.log, payments: c.var.payments, jobs: c.var.jobs });

type NoteBody = z.ZodType<{ note?: string | undefined }>;
type OperatorAction = {
  /** The path after the item's id. */
  path: string;
  /** The body holding `{ note }` (a reason or answer sent to the traveller); null when the call reads none. */
  body: NoteBody | null;
  /** The partner back-office's body where it asks more than the operator call. */
  partnerBody?: NoteBody;
  run: (d: TripDeps, user: CurrentUser, itemId: string, note: string | undefined) => Promise<OperatorResult>;
};

export const OPERATOR_ACTIONS: readonly OperatorAction[] = [
  { path: 'confirm', body: null, run: (d, user, id) => operatorConfirm(d, user, id) },
  // Declining from the back-office always tells the traveller why.
  { path: 'decline', body: OperatorDecisionBody, partnerBody: PartnerDeclineBody, run: (d, user, id, note) => operatorDecline(d, user, id, note) },
  { path: 'change-request/accept', body: OperatorDecisionBody, run: (d, user, id, note) => operatorDecideChange(d, user, id, true, note) },
  { path: 'change-request/reject', body: OperatorDecisionBody, run: (d, user, id, note) => operatorDecideChange(d, user, id, false, note) },
  { path: 'complete', body: null, run: (d, user, id) => operatorComplete(d, user, id) },
];
