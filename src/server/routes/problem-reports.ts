// POST /option_broken_trackings (anyone) and the admins' list of reports under /admin
// (src/contract/problem-reports.ts; ADR 39). /admin/* is behind requireAdmin (app.ts).
import { Hono } from 'hono';
import { AdminProblemReportsQuery, ProblemReportParam, ReportProblemBody, type AdminProblemReportsResponse, type ProblemReportResponse, type ReportProblemResponse } from '../../contract/problem-reports.ts';
import type { AppEnv } from '../context.ts';
import { readBody, readParams, readQuery, reply } from '../http.ts';
import { paginate } from '../../lib/pagination.ts';
import { rateLimit, userOrIp } from '../middleware.ts';
import { listProblemReports, reportProblem, setReportResolved } from '../services/problem-reports.ts';
import { currentUser } from '../session.ts';
import { viewVisitor } from './tracking.ts';

/** Reports one visitor (the signed-in user, else the address) may send in an hour. */
export const REPORTS_PER_HOUR = 5;

export function problemReportRoutes() {
  const r = new Hono<AppEnv>();

  r.post('/option_broken_trackings', rateLimit({ bucket: 'problem-reports', limit: () => REPORTS_PER_HOUR, windowMs: 3600_000, key: userOrIp }), async (c) => {
    const body = await readBody(c, ReportProblemBody);
    const userId = c.var.user?.id ?? null;
    const visitor = viewVisitor({ secret: c.var.config.secretKey, day: new Date().toISOString().slice(0, 10), userId, ip: c.var.clientIp, userAgent: c.req.header('user-agent') ?? '' });
    const answer = await reportProblem(c.var.db, { userId, visitor }, body);
    return reply(c, answer satisfies ReportProblemResponse, answer.created ? 201 : 200);
  });

  r.get('/admin/problem_reports', async (c) => {
    const q = readQuery(c, AdminProblemReportsQuery);
    const { list, total, openCount } = await listProblemReports(c.var.db, q);
    return reply(c, { problemReports: list, pagination: paginate(q.page, q.per, total), openCount } satisfies AdminProblemReportsResponse);
  });

  r.post('/admin/problem_reports/:id/resolve', async (c) => {
    const { id } = readParams(c, ProblemReportParam);
    return reply(c, { problemReport: await setReportResolved(c.var.db, currentUser(c), id, true) } satisfies ProblemReportResponse);
  });

  r.post('/admin/problem_reports/:id/reopen', async (c) => {
    const { id } = readParams(c, ProblemReportParam);
    return reply(c, { problemReport: await setReportResolved(c.var.db, currentUser(c), id, false) } satisfies ProblemReportResponse);
  });
  return r;
}
