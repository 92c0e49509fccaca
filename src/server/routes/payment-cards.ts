// Saved payment cards (spec §7): GET /payment_cards (yours), PATCH /payment_cards/{id} (make it
// the default), DELETE /payment_cards/{id} (detached at the provider, then forgotten). Members
// only; another member's card answers 404, as an id that does not exist. Cards are saved by the
// pay call (PayBody.saveCard), see services/payment-cards.ts and ADR 38.
import { Hono } from 'hono';
import { PaymentCardParams, UpdatePaymentCardBody } from '../../contract/payment-cards.ts';
import type { AppEnv } from '../context.ts';
import { readBody, readParams, reply } from '../http.ts';
import { currentUser, requireUser } from '../session.ts';
import { cardsOf, removeCard, setDefaultCard } from '../services/payment-cards.ts';

export function paymentCardRoutes() {
  const r = new Hono<AppEnv>();
  r.use('/payment_cards', requireUser);
  r.use('/payment_cards/*', requireUser);

  r.get('/payment_cards', async (c) => {
    const me = currentUser(c);
    return reply(c, { paymentCards: await cardsOf(c.var, me.id) });
  });

  r.patch('/payment_cards/:id', async (c) => {
    const me = currentUser(c);
    const { id } = readParams(c, PaymentCardParams);
    const body = await readBody(c, UpdatePaymentCardBody);
    const paymentCard = await setDefaultCard(c.var, me.id, id, body.isDefault);
    return reply(c, { paymentCard, paymentCards: await cardsOf(c.var, me.id) });
  });

  r.delete('/payment_cards/:id', async (c) => {
    const me = currentUser(c);
    const { id } = readParams(c, PaymentCardParams);
    await removeCard(c.var, me.id, id);
    return reply(c, { deleted: true, paymentCards: await cardsOf(c.var, me.id) });
  });

  return r;
}
