// POST /facebook_pixel_event (ADR 0040): the server-side copy of a consented browser pixel event.
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { ConversionEventBody } from '../../contract/conversion-events.ts';
import type { AppEnv } from '../context.ts';
import { readBody, reply } from '../http.ts';
import { rateLimit } from '../middleware.ts';
import { receiveConversionEvent } from '../services/conversion-events.ts';

export function conversionEventRoutes() {
  const app = new Hono<AppEnv>();
  app.post('/facebook_pixel_event', rateLimit({ bucket: 'conversion-events', limit: () => 60 }), async (c) => {
    const body = await readBody(c, ConversionEventBody);
    const result = await receiveConversionEvent(
      {
        db: c.var.db,
        jobs: c.var.jobs,
        user: c.var.user ? { id: c.var.user.id, email: c.var.user.email } : null,
        ip: c.var.clientIp,
        userAgent: c.req.header('user-agent') ?? '',
        cookies: { fbp: getCookie(c, '_fbp'), fbc: getCookie(c, '_fbc') },
      },
      body,
    );
    return reply(c, result, result.status === 'queued' ? 202 : 200);
  });
  return app;
}
