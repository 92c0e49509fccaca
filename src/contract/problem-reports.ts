// "Report a problem" with an experience (ADR 39).
// - POST /option_broken_trackings: anyone, signed in or not, tells Verdant a listing is wrong.
//   Throttled per visitor (the signed-in user, else the address); the same visitor reporting the
//   same kind of problem on the same experience again, while it is open, adds nothing.
// - GET /admin/problem_reports?status=open|resolved|all, POST /admin/problem_reports/{id}/resolve
//   and /reopen: the admins' list in /admin.
import { z } from 'zod';
import { IsoDateTime, PageQuery, Slug, listResponse } from './common.ts';

export const PROBLEM_KINDS = ['broken_photos', 'wrong_price', 'closed_business', 'other'] as const;
export const ProblemKind = z.enum(PROBLEM_KINDS, { error: 'Please choose what is wrong' });
export type ProblemKind = z.infer<typeof ProblemKind>;
export const PROBLEM_KIND_LABELS: Record<ProblemKind, string> = {
  broken_photos: 'Photos are broken or missing',
  wrong_price: 'The price is wrong',
  closed_business: 'The business has closed',
  other: 'Something else',
};
export const PROBLEM_DETAILS_MAX = 1000;

export const ReportProblemBody = z
  .object({
    option: Slug,
    kind: ProblemKind,
    details: z.string().trim().max(PROBLEM_DETAILS_MAX, `Please keep it under ${PROBLEM_DETAILS_MAX} characters`).default(''),
    /** The page the visitor was on (path only is kept). */
    pageUrl: z.string().trim().max(500).default(''),
  })
  .superRefine((b, ctx) => {
    if (b.kind === 'other' && b.details.length < 5) ctx.addIssue({ code: 'custom', path: ['details'], message: 'Please tell us what is wrong' });
  });
export type ReportProblemBody = z.input<typeof ReportProblemBody>;
export const ReportProblemResponse = z.object({
  /** `PR-000123`, to quote to support. */
  reference: z.string(),
  /** false: this visitor had already reported the same problem, still open; nothing new was stored. */
  created: z.boolean(),
});
export type ReportProblemResponse = z.infer<typeof ReportProblemResponse>;

export const ProblemReportStatus = z.enum(['open', 'resolved', 'all']);
export const AdminProblemReportsQuery = PageQuery.extend({ status: ProblemReportStatus.default('open') });
export type AdminProblemReportsQuery = z.input<typeof AdminProblemReportsQuery>;
export const ProblemReportSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  option: z.object({ id: z.number().int(), slugCode: z.string(), name: z.string(), operatorName: z.string() }),
  kind: ProblemKind,
  details: z.string(),
  pageUrl: z.string(),
  /** The reporter's e-mail when they were signed in. */
  reporterEmail: z.string().nullable(),
  createdAt: IsoDateTime,
  resolvedAt: IsoDateTime.nullable(),
  resolvedBy: z.string().nullable(),
});
export type ProblemReport = z.infer<typeof ProblemReportSchema>;
export const AdminProblemReportsResponse = listResponse('problemReports', ProblemReportSchema).extend({ openCount: z.number().int() });
export type AdminProblemReportsResponse = z.infer<typeof AdminProblemReportsResponse>;
export const ProblemReportResponse = z.object({ problemReport: ProblemReportSchema });
export type ProblemReportResponse = z.infer<typeof ProblemReportResponse>;
export const ProblemReportParam = z.object({ id: z.coerce.number({ error: 'Report not found' }).int('Report not found').min(1, 'Report not found').max(2_147_483_647, 'Report not found') });

export const problemReference = (id: number) => `PR-${String(id).padStart(6, '0')}`;
