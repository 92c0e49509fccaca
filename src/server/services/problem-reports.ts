// "Report a problem" with an experience (src/contract/problem-reports.ts; ADR 39): stored for the
// admins' list in /admin. One open report per visitor, experience and kind: reporting the same
// thing again answers the open report's reference and stores nothing.
import { and, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { problemReference, type ProblemKind, type ProblemReport } from '../../contract/problem-reports.ts';
import type { CurrentUser } from '../context.ts';
import type { Db } from '../db/client.ts';
import { operators, options, problemReports, users } from '../db/schema.ts';
import { HttpError, notFound } from '../http.ts';
import { alias } from 'drizzle-orm/pg-core';

/** Only the path of the page is kept (no query: it may carry someone's codes). */
export function pagePath(url: string): string {
  if (!url) return '';
  try {
    return new URL(url, 'https://verdant.invalid').pathname.slice(0, 300);
  } catch {
    return '';
  }
}

export async function reportProblem(
  db: Db,
  who: { userId: string | null; visitor: string },
  body: { option: string; kind: ProblemKind; details: string; pageUrl: string },
): Promise<{ reference: string; created: boolean }> {
  // Hidden experiences too: a visitor may have an old page open; an unknown one is refused.
  const [o] = await db.select({ id: options.id }).from(options).where(and(eq(options.slugCode, body.option), isNull(options.deletedAt))).limit(1);
  if (!o) throw new HttpError(422, 'That experience is not on Verdant', { fields: { option: 'That experience is not on Verdant' } });
  const [row] = await db
    .insert(problemReports)
    .values({ optionId: o.id, kind: body.kind, details: body.details, reporterId: who.userId, visitor: who.visitor, pageUrl: pagePath(body.pageUrl) })
    .onConflictDoNothing()
    .returning({ id: problemReports.id });
  if (row) return { reference: problemReference(row.id), created: true };
  const [open] = await db
    .select({ id: problemReports.id })
    .from(problemReports)
    .where(and(eq(problemReports.optionId, o.id), eq(problemReports.visitor, who.visitor), eq(problemReports.kind, body.kind), isNull(problemReports.resolvedAt)))
    .limit(1);
  if (!open) throw new Error('A problem report conflicted with an open one that is no longer there');
  return { reference: problemReference(open.id), created: false };
}

const reporter = alias(users, 'reporter');
const resolver = alias(users, 'resolver');
const columns = {
  r: problemReports,
  slugCode: options.slugCode,
  name: options.name,
  operatorName: operators.name,
  reporterEmail: reporter.email,
  resolvedBy: resolver.name,
};
type Row = { r: typeof problemReports.$inferSelect; slugCode: string; name: string; operatorName: string; reporterEmail: string | null; resolvedBy: string | null };

function toReport(x: Row): ProblemReport {
  return {
    id: x.r.id,
    reference: problemReference(x.r.id),
    option: { id: x.r.optionId, slugCode: x.slugCode, name: x.name, operatorName: x.operatorName },
    kind: x.r.kind,
    details: x.r.details,
    pageUrl: x.r.pageUrl,
    reporterEmail: x.reporterEmail,
    createdAt: x.r.createdAt.toISOString(),
    resolvedAt: x.r.resolvedAt?.toISOString() ?? null,
    resolvedBy: x.resolvedBy,
  };
}

const select = (db: Db, where: SQL | undefined) =>
  db
    .select(columns)
    .from(problemReports)
    .innerJoin(options, eq(options.id, problemReports.optionId))
    .innerJoin(operators, eq(operators.id, options.operatorId))
    .leftJoin(reporter, eq(reporter.id, problemReports.reporterId))
    .leftJoin(resolver, eq(resolver.id, problemReports.resolvedById))
    .where(where);

export async function listProblemReports(db: Db, q: { status: 'open' | 'resolved' | 'all'; page: number; per: number }) {
  const where = q.status === 'open' ? isNull(problemReports.resolvedAt) : q.status === 'resolved' ? isNotNull(problemReports.resolvedAt) : undefined;
  const [rows, [count], [open]] = await Promise.all([
    select(db, where)
      .orderBy(q.status === 'resolved' ? desc(problemReports.resolvedAt) : desc(problemReports.createdAt), desc(problemReports.id))
      .limit(q.per)
      .offset((q.page - 1) * q.per),
    db.select({ n: sql<number>`count(*)::int` }).from(problemReports).where(where),
    db.select({ n: sql<number>`count(*)::int` }).from(problemReports).where(isNull(problemReports.resolvedAt)),
  ]);
  return { list: rows.map(toReport), total: Number(count?.n ?? 0), openCount: Number(open?.n ?? 0) };
}

/** Marks a report resolved (or open again). Resolving one already resolved keeps who and when. */
export async function setReportResolved(db: Db, admin: CurrentUser, id: number, resolved: boolean): Promise<ProblemReport> {
  const done = await db
    .update(problemReports)
    .set(resolved ? { resolvedAt: new Date(), resolvedById: admin.id } : { resolvedAt: null, resolvedById: null })
    .where(and(eq(problemReports.id, id), resolved ? isNull(problemReports.resolvedAt) : isNotNull(problemReports.resolvedAt)))
    .returning({ id: problemReports.id })
    .catch((err: unknown) => {
      // Reopening while the same visitor's new report on the same thing is open.
      if (String((err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code) === '23505') {
        throw new HttpError(409, 'The same visitor has reported this problem again since; that report is open');
      }
      throw err;
    });
  const [row] = await select(db, eq(problemReports.id, id)).limit(1);
  if (!row) throw notFound('Report');
  void done;
  return toReport(row);
}
