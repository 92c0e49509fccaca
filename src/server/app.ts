// Builds the Hono app: middleware and routes. Never listens (main.ts does; tests call
// app.request()).
import type { Server } from 'node:http';
import { createNodeWebSocket } from '@hono/node-ws';
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
import { createProviders, type Providers } from './providers/providers.ts';
import { authRoutes, oauthReturnRoute } from './routes/auth.ts';
import { bucketListRoutes } from './routes/bucket-lists.ts';
import { paymentCardRoutes } from './routes/payment-cards.ts';
import type { PaymentProvider } from './providers/payments/port.ts';
import type { JobQueue } from './jobs/queue.ts';
import { type AnswerCache, GROUPS } from './answer-cache.ts';
import { cachedAnswers } from './cached-answers.ts';
import type { ChangeFeed } from './change-feed.ts';
import { geoHeaderOf } from './routes/catalogue/initial-data.ts';
import { createPaymentProvider } from './providers/payments/select.ts';
import { bookingRoutes } from './routes/booking/booking.ts';
import { tripRoutes } from './routes/trips.ts';
import { ambassadorRoutes } from './routes/ambassador.ts';
import { adminRoutes } from './routes/admin.ts';
import { partnerRoutes, requirePartner } from './routes/partner.ts';
import { EVIDENCE_UPLOAD_PATH, mountEvidenceDocument, tagEvidenceRoutes } from './routes/tag-evidence.ts';
import { ARTICLE_EDITOR } from './services/admin/article-editing.ts';
import { BEST_OF_LIST_EDITOR } from './services/admin/best-of-editing.ts';
import type { RecordEditor } from './services/admin/record-editing.ts';
import { COLLECTION_EDITOR } from './services/admin/collection-editing.ts';
import { ITINERARY_EDITOR } from './services/admin/itinerary-editing.ts';
import { redirectTarget } from './services/admin/editing.ts';
import { OPERATOR_EDITOR } from './services/admin/operator-editing.ts';
import { placeRedirect } from './services/admin/place-editing.ts';
import { CALENDAR_PATH, calendarByToken } from './services/partner/calendar-feed.ts';
import { IMAGE_UPLOAD } from '../contract/admin.ts';
import { UPLOAD_PATH } from './routes/uploads.ts';
import { catalogueRoutes } from './routes/catalogue/catalogue.ts';
import { creditRoutes } from './routes/credits.ts';
import { giftCodeRoutes } from './routes/gift-codes.ts';
import { giftPageRoutes, giftRoutes } from './routes/gifts.ts';
import { meRoutes } from './routes/me.ts';
import { tripNoticeRoutes } from './routes/trip-notices.ts';
import { mountRealtime } from './routes/realtime.ts';
import { CHAT_MESSAGE_BODY_LIMIT, CHAT_MESSAGES_PATH, chatRoutes, mountChatFileDownload } from './routes/chat.ts';
import { searchRoutes } from './routes/search.ts';
import { corporateRoutes } from './routes/corporate.ts';
import { conversionEventRoutes } from './routes/conversion-events.ts';
import { mapImageRoutes, mountMapFiles } from './routes/map-images.ts';
import { userRoutes } from './routes/users.ts';
import { requireAdmin, sessionMiddleware } from './session.ts';
import { engagementRoutes } from './routes/engagement.ts';
import { trackingRoutes } from './routes/tracking.ts';
import { problemReportRoutes } from './routes/problem-reports.ts';
import { imageLibraryRoutes } from './routes/image-library.ts';
import { grabPayPageRoutes } from './routes/booking/grabpay-page.ts';
import { GRABPAY_PAGE_PATH } from './providers/payments/test-gateway.ts';

export type AppOptions = AppDeps & {
  /** The socket address, provided by main.ts (absent under app.request()). */
  socketIp?: (c: Context<AppEnv>) => string | undefined;
  /** Extra route groups mounted by main.ts or tests (e.g. /_image, static files). */
  extend?: (app: Hono<AppEnv>) => void;
  /** Replace a provider (tests: a failing WhatsApp sender, a recording mailer). */
  providers?: Partial<Providers>;
  /** The payment provider; by default chosen from the configuration (test gateway or Stripe). */
  payments?: PaymentProvider;
  /** The started job queue of this process (main.ts, tests); absent where no job is enqueued. */
  jobs?: JobQueue;
  /** The answer cache of catalogue reads (ADR 0042), fed by the database's change feed. */
  answers?: { cache: AnswerCache; feed: ChangeFeed };
};

const realtimeInjectors = new WeakMap<object, (server: Server) => void>();

/** main.ts: attaches the websocket upgrade handler of `app` to the listening server. */
export function injectRealtime(app: object, server: Server) {
  realtimeInjectors.get(app)?.(server);
}

/** Paths under /api/v1 that carry their own proof instead of the guest bearer. */
export const BEARER_EXEMPT = [/^\/api\/v1\/payments\/webhook(\/|$)/, /^\/api\/v1\/oauth\/[\w-]+\/return$/, /^\/api\/v1\/realtime$/];

const EXPERIENCE_PATH = /^\/(experiences|options|events)\/([a-z0-9-]{1,200})\/?$/;
const ARTICLE_PATH = /^\/magazine\/a\/([a-z0-9-]{1,200})\/?$/;
const OPERATOR_PATH = /^\/operators\/([a-z0-9-]{1,200})\/?$/;
/** A collection's page and its sub-pages (a category, the tips); an itinerary's page (ADR 0035). */
const COLLECTION_PATH = /^\/collections\/([a-z0-9-]{1,200})(\/[a-z0-9-]{1,200})?\/?$/;
const ITINERARY_PATH = /^\/itineraries\/([a-z0-9-]{1,200})\/?$/;
/** A best-of list's page and its picks' pages (ADR 0035). */
const BEST_OF_PATH = /^\/best-of\/([a-z0-9-]{1,200})(\/[a-z0-9-]{1,200})?\/?$/;
/** Records whose old address answers 301 to the new one: group 1 is the slug, group 2 a sub-page kept. */
const RENAMED: [RegExp, Pick<RecordEditor, 'redirectTarget'>, string][] = [
  [ARTICLE_PATH, ARTICLE_EDITOR, '/magazine/a'],
  [OPERATOR_PATH, OPERATOR_EDITOR, '/operators'],
  [COLLECTION_PATH, COLLECTION_EDITOR, '/collections'],
  [ITINERARY_PATH, ITINERARY_EDITOR, '/itineraries'],
  [BEST_OF_PATH, BEST_OF_LIST_EDITOR, '/best-of'],
];

/** The reads kept by the answer cache: each depends only on published data and its request line. */
export const CACHED_READS: [string[], (typeof GROUPS)[keyof typeof GROUPS]][] = [
  [
    [
      '/countries', '/countries/:slug', '/cities', '/cities/:slug', '/options', '/options/:slugCode', '/options/:slugCode/similar',
      '/filter', '/collections', '/collections/:slug', '/collections/:id/gift-options', '/categories/:a', '/categories/:a/:b',
      '/blogs', '/blogs/filter_items', '/blogs/:slug', '/suppliers', '/suppliers/:slug', '/travel_itineraries', '/travel_itineraries/:slug',
      '/best_of_lists', '/best_of_lists/:slug', '/tags', '/tags/:slug', '/faqs', '/reviews', '/customer-reviews', '/site-reviews',
      '/page/home', '/page/cities/:slug', '/page/countries/:slug', '/page/options/:slugCode', '/page/collections/:slug', '/search',
    ],
    GROUPS.catalogue,
  ],
  [['/promotion-codes'], GROUPS.timed],
  [['/available-dates', '/detailed-timeslots', '/options/:slugCode/prices'], GROUPS.availability],
];

/** The personal reads kept per user (GROUPS.personal): what every page of a signed-in traveller asks. */
export const PERSONAL_READS = ['/me', '/cart', '/trips', '/trips/:id'];

export function createApp(opts: AppOptions) {
  const app = new Hono<AppEnv>();
  const { db, config, log, rateLimitStore } = opts;
  const providers = createProviders(config, log, rateLimitStore, opts.providers);
  const nodeWs = createNodeWebSocket({ app });
  realtimeInjectors.set(app, nodeWs.injectWebSocket);
  const payments = opts.payments ?? createPaymentProvider(config, db);

  app.use('*', async (c, next) => {
    c.set('db', db);
    c.set('config', config);
    c.set('log', log);
    c.set('rateLimitStore', rateLimitStore);
    c.set('providers', providers);
    c.set('user', null);
    c.set('payments', payments);
    c.set('jobs', opts.jobs ?? null);
    c.set('answers', opts.answers?.cache ?? null);
    await next();
  });
  app.use('*', requestContext(opts.socketIp ?? (() => undefined)));
  app.onError(onError);

  app.get('/healthz', async (c) => {
    await db.execute(sql`select 1`);
    return c.json({ status: 'ok' });
  });

  // Bearer-exempt, each with its own proof: the OAuth popup's return page (state, checked at the
  // callback) and the websocket (session cookie + Origin). Registered before /api/v1's middleware.
  app.route('/api/v1', oauthReturnRoute());
  mountRealtime(app, nodeWs.upgradeWebSocket);
  // A chat file's download: the session cookie is its proof (an <img src> sends no bearer).
  mountChatFileDownload(app);
  // A tag evidence's document (ADR 0045): public while on the page, the session cookie otherwise.
  mountEvidenceDocument(app);
  // Static maps of a meeting point (ADR 0040): public like /storage, drawn on first request.
  mountMapFiles(app);

  const api = new Hono<AppEnv>();
  api.use('*', securityHeaders(API_CSP));
  api.use('*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  });
  api.use('*', rateLimit({ bucket: 'api', limit: (c) => c.var.config.rateLimitPerMinute }));
  api.use('*', guestBearer(BEARER_EXEMPT));
  // Photo uploads (POST …/images, multipart) may be larger than any JSON body.
  const tooLarge = () => {
    throw new HttpError(413, 'Request body is too large');
  };
  const jsonLimit = bodyLimit({ maxSize: 1024 * 1024, onError: tooLarge });
  const uploadLimit = bodyLimit({ maxSize: IMAGE_UPLOAD.maxBytes + 64 * 1024, onError: tooLarge });
  // A chat message may carry files (multipart).
  const chatLimit = bodyLimit({ maxSize: CHAT_MESSAGE_BODY_LIMIT, onError: tooLarge });
  api.use('*', (c, next) => (c.req.method === 'POST' && (UPLOAD_PATH.test(c.req.path) || EVIDENCE_UPLOAD_PATH.test(c.req.path)) ? uploadLimit : c.req.method === 'POST' && CHAT_MESSAGES_PATH.test(c.req.path) ? chatLimit : jsonLimit)(c, next));

  // A write of this process is in the answer cache before its answer leaves (ADR 0042): the
  // change feed has delivered what the write's transaction notified.
  const feed = opts.answers?.feed;
  if (feed) {
    api.use('*', async (c, next) => {
      await next();
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD') await feed.sync();
    });
  }
  // Catalogue reads: computed once, kept until what they read changes (ADR 0042).
  // Middleware (it answers GET and HEAD only), so the route table lists no extra routes.
  for (const [paths, group] of CACHED_READS) for (const path of paths) api.use(path, cachedAnswers(group));
  api.use('/initial_data', cachedAnswers(GROUPS.catalogue, { varyHeader: geoHeaderOf }));

  api.use('*', sessionMiddleware);
  // A signed-in traveller's own reads, kept per user until anything they read changes (ADR 0042).
  for (const path of PERSONAL_READS) api.use(path, cachedAnswers(GROUPS.personal));
  // Every /admin call (the back-office, ambassador review): one guard, 401 for a guest, 403 for
  // anyone signed in who is not an admin.
  api.use('/admin/*', requireAdmin);
  // Every /partner call (the operators' back-office): 401 for a guest, 403 for anyone who is
  // neither a member of an operator nor an admin.
  api.use('/partner/*', requirePartner);

  api.get('/csrf-token', (c) => reply(c, { token: issueCsrfToken(c) }));
  api.route('/', authRoutes());
  api.route('/', meRoutes());
  api.route('/', tripNoticeRoutes());
  api.route('/', creditRoutes());
  api.route('/', giftCodeRoutes());
  api.route('/', giftRoutes());
  api.route('/', bucketListRoutes());
  api.route('/', paymentCardRoutes());
  api.route('/', catalogueRoutes());
  api.route('/', searchRoutes());
  api.route('/', trackingRoutes());
  api.route('/', problemReportRoutes());
  api.route('/', imageLibraryRoutes());
  api.route('/', engagementRoutes());
  api.route('/', bookingRoutes());
  api.route('/', tripRoutes());
  api.route('/', ambassadorRoutes());
  api.route('/', adminRoutes());
  api.route('/', partnerRoutes());
  api.route('/', tagEvidenceRoutes());
  api.route('/', chatRoutes());
  api.route('/', corporateRoutes());
  api.route('/', conversionEventRoutes());
  api.route('/', mapImageRoutes());
  api.all('*', () => {
    throw new HttpError(404, 'Not found');
  });
  app.route('/api/v1', api);

  // Main-host account calls (spec §7): CSRF-checked, no bearer, JSON errors, rate limited per IP.
  // Only non-GET methods: GET /users/* is the static shell of the log-in pages.
  const MUTATING = ['POST', 'PATCH', 'DELETE', 'PUT'];
  app.on(MUTATING, ['/users', '/users/*'], securityHeaders(API_CSP), async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  app.on(MUTATING, ['/users', '/users/*'], bodyLimit({ maxSize: 64 * 1024, onError: () => { throw new HttpError(413, 'Request body is too large'); } }));
  app.route('/users', userRoutes());

  // The printable gift card (linked from the recipient's e-mail) and the admins' gift previews.
  app.route('/', giftPageRoutes());

  if (providers.testIdp) app.route('/dev/oauth', providers.testIdp.routes());
  // The test gateway's GrabPay page: only while the test gateway is the payment provider.
  if (payments.name === 'test') app.route(GRABPAY_PAGE_PATH, grabPayPageRoutes());

  // An operator's subscribable departures calendar: the secret address is the credential, so no
  // session or API key (calendar apps poll it); an unknown or renewed token answers 404.
  app.get('/calendar/:file', rateLimit({ bucket: 'calendar', limit: (c) => c.var.config.rateLimitPerMinute }), async (c) => {
    const m = CALENDAR_PATH.exec(c.req.path);
    const ics = m ? await calendarByToken(db, m[1]!) : null;
    if (ics === null) return c.text('Not found', 404);
    c.header('Content-Type', 'text/calendar; charset=utf-8');
    c.header('Cache-Control', 'private, max-age=300');
    c.header('X-Robots-Tag', 'noindex');
    c.header('Referrer-Policy', 'no-referrer');
    return c.body(ics);
  });

  // An experience or article whose slug changed (back-office, ADR 0026): its old address answers
  // 301 to the new one (for /experiences, /options and /events alike; /magazine/a for articles;
  // /collections/{slug}[/{sub-page}], /itineraries/{slug} and /best-of/{slug}[/{pick}], ADR 0035),
  // from the moment it is published (the old page's file stays until the rebuild is live). One
  // primary-key lookup per page view: looking it up only on a miss would serve the old page until then.
  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    const m = EXPERIENCE_PATH.exec(c.req.path);
    if (m) {
      const target = await redirectTarget(db, m[2]!);
      if (target) return c.redirect(`/experiences/${target}${new URL(c.req.url).search}`, 301);
    }
    for (const [path, editor, base] of RENAMED) {
      const r = path.exec(c.req.path);
      const target = r ? await editor.redirectTarget(db, r[1]!) : null;
      if (r && target) return c.redirect(`${base}/${target}${r[2] ?? ''}${new URL(c.req.url).search}`, 301);
    }
    // Renamed countries, cities and tags (ADR 0034): their pages, sub-pages and landing pages.
    const place = await placeRedirect(db, c.req.path);
    if (place) return c.redirect(`${place}${new URL(c.req.url).search}`, 301);
    return next();
  });

  opts.extend?.(app);
  // An account path nobody serves (after main.ts's and tests' routes) answers like /api/v1 does:
  // JSON, not Hono's text 404.
  app.on(MUTATING, ['/users', '/users/*'], () => {
    throw new HttpError(404, 'Not found');
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
