// Builds the Hono app: middleware and routes. Never listens (main.ts does; tests call
// app.request()).
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { sql } from 'drizzle-orm';
import type { AppDeps, AppEnv } from './context.ts';
import { HttpError, reply } from './http.ts';
import {
  API_CSP,
  guestBearer,
  issueCsrfToken,
  onError,
  rateLimit,
  requestContext,
  securityHeaders,
} from './middleware.ts';
import type { PaymentProvider } from './providers/payments/port.ts';
import { createPaymentProvider } from './providers/payments/select.ts';
import { bookingRoutes } from './routes/booking/booking.ts';
import { catalogueRoutes } from './routes/catalogue/catalogue.ts';
import { engagementRoutes } from './routes/engagement.ts';
import { trackingRoutes } from './routes/tracking.ts';

export type AppOptions = AppDeps & {
  /** The socket address, provided by main.ts (absent under app.request()). */
  socketIp?: (c: Context<AppEnv>) => string | undefined;
  /** Extra route groups mounted by main.ts or tests (e.g. /_image, static files). */
  extend?: (app: Hono<AppEnv>) => void;
  /** The payment provider; by default chosen from the configuration (test gateway or Stripe). */
  payments?: PaymentProvider;
};

/** Paths under /api/v1 that carry their own proof instead of the guest bearer. */
export const BEARER_EXEMPT = [/^\/api\/v1\/payments\/webhook(\/|$)/, /^\/api\/v1\/oauth\/[\w-]+\/return$/];

export function createApp(opts: AppOptions) {
  const app = new Hono<AppEnv>();
  const { db, config, log, rateLimitStore } = opts;
  const payments = opts.payments ?? createPaymentProvider(config, db);

  app.use('*', async (c, next) => {
    c.set('db', db);
    c.set('config', config);
    c.set('log', log);
    c.set('rateLimitStore', rateLimitStore);
    c.set('payments', payments);
    await next();
  });
  app.use('*', requestContext(opts.socketIp ?? (() => undefined)));
  app.onError(onError);

  app.get('/healthz', async (c) => {
    await db.execute(sql`select 1`);
    return c.json({ status: 'ok' });
  });

  const api = new Hono<AppEnv>();
  api.use('*', securityHeaders(API_CSP));
  api.use('*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  });
  api.use('*', rateLimit({ bucket: 'api', limit: (c) => c.var.config.rateLimitPerMinute }));
  api.use('*', guestBearer(BEARER_EXEMPT));
  api.use('*', bodyLimit({ maxSize: 1024 * 1024, onError: () => { throw new HttpError(413, 'Request body is too large'); } }));

  api.get('/csrf-token', (c) => reply(c, { token: issueCsrfToken(c) }));
  api.route('/', catalogueRoutes());
  api.route('/', trackingRoutes());
  api.route('/', engagementRoutes());
  api.route('/', bookingRoutes());
  api.all('*', () => {
    throw new HttpError(404, 'Not found');
  });
  app.route('/api/v1', api);

  opts.extend?.(app);
  return app;
}

export type App = ReturnType<typeof createApp>;
