// Trips calls (spec §7): GET /trips and /trips/{id} (the signed-in traveller's booked items),
// POST /orders/{id}/cancel, /user-refunds, /order_item_change_requests, /reviews, GET
// /orders/{id}/share and /shares/{id}, POST /join, /decline, /leave; adding guests (a pay call:
// Idempotency-Key and the user token); and the operator's transitions under /operator/.
import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { AddGuestBody, CancelBody, ChangeRequestBody, ReviewBody, ShareIdBody, TripFootprintQuery, UserRefundBody } from '../../contract/trips.ts';
import { snakeizeKeys } from '../../lib/key-case.ts';
import type { AppEnv } from '../context.ts';
import { orderItems } from '../db/schema.ts';
import { bodyFromText, fieldErrors, HttpError, readBody, readParams, readQuery, reply } from '../http.ts';
import { assertUserToken, currentUser, requireUser } from '../session.ts';
import { idempotent } from '../services/booking/idempotency.ts';
import { tripFootprint } from '../services/trips/footprint.ts';
import { OPERATOR_ACTIONS, tripDeps as deps } from './operator-actions.ts';
import {
  addGuestQuote,
  addGuests,
  answerShare,
  cancelTrip,
  listTrips,
  readShare,
  requestDateChange,
  shareOrder,
  tripFor,
  writeReview,
} from '../services/trips/index.ts';

const IdParams = z.object({ id: z.string().min(1).max(64) });
const count = z.coerce.number().int().min(0).max(50).default(0);
const AddGuestQuoteQuery = z.object({ quantity: count, childQuantity: count });

export function tripRoutes() {
  const app = new Hono<AppEnv>();

  app.get('/trips', requireUser, async (c) => reply(c, { trips: await listTrips(deps(c), currentUser(c)) }));

  app.get('/trips/:id', requireUser, async (c) => {
    const { id } = readParams(c, IdParams);
    return reply(c, { trip: await tripFor(deps(c), id, currentUser(c)) });
  });

  /** {id} is the order's id (spec §7); its one item is cancelled with the refund its policy gives. */
  app.post('/orders/:id/cancel', requireUser, async (c) => {
    const { id } = readParams(c, IdParams);
    await readBody(c, CancelBody);
    const user = currentUser(c);
    const [item] = await c.var.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, id)).limit(1);
    if (!item) throw new HttpError(404, 'Trip not found');
    return reply(c, await cancelTrip(deps(c), item.id, user));
  });

  /** The refund page: cancels for the refund due, and refuses when nothing is refundable. */
  app.post('/user-refunds', requireUser, async (c) => {
    const body = await readBody(c, UserRefundBody);
    return reply(c, await cancelTrip(deps(c), body.orderItemId, currentUser(c), { requireRefund: true }), 201);
  });

  /** The trip's footprint: the experience for the group and, with from_city_id, getting there and back (ADR 0044). */
  app.get('/trips/:id/footprint', requireUser, async (c) => {
    const { id } = readParams(c, IdParams);
    const q = readQuery(c, TripFootprintQuery);
    return reply(c, { footprint: await tripFootprint(c.var.db, currentUser(c), id, q) });
  });

  app.get('/trips/:id/add-guest-quote', requireUser, async (c) => {
    const { id } = readParams(c, IdParams);
    const q = readQuery(c, AddGuestQuoteQuery);
    return reply(c, await addGuestQuote(deps(c), currentUser(c), id, q));
  });

  app.post('/trips/add-guests', requireUser, async (c) => {
    const text = await c.req.text();
    const parsed = AddGuestBody.safeParse(bodyFromText(text));
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error);
      const first = Object.entries(fields)[0];
      throw new HttpError(422, first ? first[1] : 'Invalid body', { fields });
    }
    await assertUserToken(c);
    const user = currentUser(c);
    const d = deps(c);
    return idempotent(c, 'trips/add-guests', text, async () => {
      const key = c.req.header('idempotency-key') ?? '';
      return { status: 201, body: snakeizeKeys(await addGuests(d, user, parsed.data, key)) };
    });
  });

  app.post('/order_item_change_requests', requireUser, async (c) => {
    const body = await readBody(c, ChangeRequestBody);
    return reply(c, { trip: await requestDateChange(deps(c), currentUser(c), body) }, 201);
  });

  app.post('/reviews', requireUser, async (c) => {
    const body = await readBody(c, ReviewBody);
    return reply(c, { trip: await writeReview(deps(c), currentUser(c), body) }, 201);
  });

  app.get('/orders/:id/share', requireUser, async (c) => {
    const { id } = readParams(c, IdParams);
    return reply(c, { share: await shareOrder(deps(c), currentUser(c), id) });
  });

  /** The /s/{id} page: anyone with the link sees the trip's outline (first names only). */
  app.get('/shares/:id', async (c) => {
    const { id } = readParams(c, IdParams);
    return reply(c, { share: await readShare(deps(c), id, c.var.user) });
  });

  for (const [path, answer] of [['/join', 'joined'], ['/decline', 'declined'], ['/leave', 'left']] as const) {
    app.post(path, requireUser, async (c) => {
      const body = await readBody(c, ShareIdBody);
      return reply(c, { share: await answerShare(deps(c), currentUser(c), body.shareId, answer) });
    });
  }

  // Operator side (partner users of the experience's operator, or admins; everyone else 404).
  for (const action of OPERATOR_ACTIONS) {
    app.post(`/operator/order-items/:id/${action.path}`, requireUser, async (c) => {
      const { id } = readParams(c, IdParams);
      const note = action.body ? (await readBody(c, action.body)).note : undefined;
      return reply(c, await action.run(deps(c), currentUser(c), id, note));
    });
  }

  return app;
}
