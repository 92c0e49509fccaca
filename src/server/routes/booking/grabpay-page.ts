// The test gateway's GrabPay page (no keys, no Grab account): where a GrabPay payment's
// redirect goes when the built-in test gateway is the provider, as Grab's own page does with
// Stripe. The traveller approves, declines, or cancels and goes back; or leaves it alone, and
// the booking's 15-minute hold lapses (the sweeper releases the seats). Every answer sends the
// browser back to the payment's return address, where /checkout/finalizing asks how it ended.
// Served by the API process outside /api/v1 (a page the browser opens, so no bearer key).
import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';
import type { createTestGateway } from '../../providers/payments/test-gateway.ts';
import { moneyFormatter } from '../../services/booking/quote.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
type Gateway = Required<Pick<ReturnType<typeof createTestGateway>, 'grabPayPage' | 'answerGrabPay'>>;

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1b1b1b;background:#f3f6f4}
header{background:#00803a;color:#fff;padding:1rem 1.25rem}header p{margin:0;font-weight:700;font-size:1.35rem;letter-spacing:-.01em}
main{max-width:26rem;margin:1.5rem auto;padding:0 1rem}
.card{background:#fff;border-radius:14px;padding:1.25rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.2rem;margin:0 0 .25rem}.amount{font-size:2rem;font-weight:700;margin:.25rem 0 1rem}
.note{color:#4a4a4a;font-size:14px}.test{background:#fff6d9;border-radius:8px;padding:.5rem .75rem;font-size:14px}
button{display:block;width:100%;margin-top:.75rem;padding:.8rem 1rem;font:inherit;font-weight:600;border-radius:999px;border:2px solid #00803a;background:#00803a;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#0a7a3b}button.plain{border-color:transparent;background:transparent;color:#1b1b1b;text-decoration:underline}
a{color:#0a7a3b}`;

function page(title: string, body: string, status: 200 | 404 | 409 = 200) {
  return new Response(
    `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · GrabPay (test)</title><style>${STYLE}</style><header><p>GrabPay <span style="font-weight:400;font-size:.9rem">test payment page</span></p></header><main>${body}</main></html>`,
    {
      status,
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'no-referrer',
      },
    },
  );
}

/** The return address with what happened appended, as Stripe appends redirect_status. */
function back(returnUrl: string, ref: string, status: string): string {
  const url = new URL(returnUrl);
  url.searchParams.set('payment_intent', ref);
  url.searchParams.set('redirect_status', status);
  return url.toString();
}

export function grabPayPageRoutes(now: () => Date = () => new Date()) {
  const app = new Hono<AppEnv>();
  const gateway = (c: { var: AppEnv['Variables'] }) => c.var.payments as unknown as Gateway;

  app.get('/:ref', async (c) => {
    const ref = c.req.param('ref');
    const p = await gateway(c).grabPayPage(ref);
    if (!p) return page('Payment not found', '<div class="card"><h1>Payment not found</h1><p>This GrabPay link is not valid.</p></div>', 404);
    const format = await moneyFormatter(c.var.db);
    const amount = escapeHtml(format({ amount: p.amount, currency: p.currency }));
    const returnLink = p.returnUrl ? `<p><a href="${escapeHtml(back(p.returnUrl, ref, p.status === 'succeeded' ? 'succeeded' : 'failed'))}">Return to Verdant</a></p>` : '';
    if (p.status !== 'requires_action' || p.expiresAt.getTime() < now().getTime()) {
      const what = p.status === 'succeeded' ? 'This payment is already approved.' : p.status === 'requires_action' ? 'This payment request has expired: nothing was charged.' : 'This payment request is closed: nothing was charged.';
      return page('Payment closed', `<div class="card"><h1>${what}</h1>${returnLink}</div>`, 409);
    }
    const mins = Math.max(1, Math.ceil((p.expiresAt.getTime() - now().getTime()) / 60_000));
    return page(
      'Approve payment',
      `<div class="card"><h1>Pay Verdant Travel</h1><p class="amount" data-testid="grabpay-amount">${amount}</p>
<p class="note">From your GrabPay wallet. This request stays open for ${mins} more minute${mins === 1 ? '' : 's'}.</p>
<p class="test" role="note">Test mode: no money moves. Approve or decline as Grab would; or close this page to leave the payment unfinished.</p>
<form method="post"><button name="answer" value="approve">Pay ${amount}</button><button class="secondary" name="answer" value="decline">Decline</button><button class="plain" name="answer" value="cancel">Cancel and return to Verdant</button></form></div>`,
    );
  });

  app.post('/:ref', async (c) => {
    const ref = c.req.param('ref');
    const form = await c.req.parseBody();
    const answer = form['answer'];
    if (answer !== 'approve' && answer !== 'decline' && answer !== 'cancel') return page('Unknown answer', '<div class="card"><h1>Choose approve, decline or cancel</h1></div>', 409);
    const g = gateway(c);
    const p = await g.grabPayPage(ref);
    if (!p) return page('Payment not found', '<div class="card"><h1>Payment not found</h1><p>This GrabPay link is not valid.</p></div>', 404);
    // An expired request can no longer be approved (the booking's hold has lapsed or is about to).
    const out = await g.answerGrabPay(ref, p.expiresAt.getTime() < now().getTime() ? 'cancel' : answer);
    const status = out.state === 'succeeded' ? 'succeeded' : out.state === 'canceled' ? 'canceled' : 'failed';
    c.var.log.info({ ref, answer, state: out.state }, 'test gateway: GrabPay answered');
    if (!out.returnUrl) return page('Done', '<div class="card"><h1>Done</h1><p>You can close this page.</p></div>');
    return c.redirect(back(out.returnUrl, ref, status), 303);
  });

  return app;
}
