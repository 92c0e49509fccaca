// Trip notices on WhatsApp (ADR 0046): GET /me/trip_notices (the traveller's choice, their verified
// number and quiet hours) and PUT /me/trip_notices {whatsapp, time_zone} (opt in or out). Opting in
// without a verified number answers 409 with a message that says what to do.
import { Hono } from 'hono';
import { UpdateTripNoticesBody } from '../../contract/trip-notices.ts';
import type { AppEnv } from '../context.ts';
import { readBody, reply } from '../http.ts';
import { currentUser, requireUser } from '../session.ts';
import { noticeSettingsOf, updateNoticeSettings } from '../services/trip-notices/settings.ts';

export function tripNoticeRoutes() {
  const r = new Hono<AppEnv>();
  r.use('/me/trip_notices', requireUser);

  r.get('/me/trip_notices', async (c) => reply(c, await noticeSettingsOf(c.var.db, currentUser(c).id)));

  r.put('/me/trip_notices', async (c) => {
    const body = await readBody(c, UpdateTripNoticesBody);
    return reply(c, await updateNoticeSettings(c.var.db, { jobs: c.var.jobs, log: c.var.log }, currentUser(c).id, body));
  });

  return r;
}
