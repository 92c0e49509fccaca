// Evidence behind sustainability tags (issue 25, item 2; ADR 0045). Each sustainability tag of an
// experience can carry evidence: a certification (issuer, number, expiry), a document or photo
// and a short statement. The operator submits it from /partner; an admin verifies it, rejects it
// with a reason, or corrects it, from /admin; verified evidence whose expiry has passed stops
// being verified by itself (the tag-evidence-expiry job). The experience page shows verified and
// expired evidence (OptionDetail.tagEvidence), with "Verified" and its date only while verified.
//
//   GET    /partner/operators/{slug}/listings/{optionId}/evidence          → PartnerEvidenceList
//   POST   /partner/operators/{slug}/listings/{optionId}/evidence/{tag}    multipart: issuer,
//          certificate_number, expires_on, statement (EvidenceFields) and an optional `file` (a
//          photo, re-encoded, or a PDF); without a file an earlier document is kept unless
//          `remove_document=1`. Replaces the tag's evidence and sends it for review → PartnerEvidenceResponse 201
//   GET    /admin/tag_evidence?status=pending|verified|rejected|expired    → AdminEvidenceList
//   POST   /admin/tag_evidence/{id}/verify     { version }                  → AdminEvidenceResponse (+ publish run)
//   POST   /admin/tag_evidence/{id}/reject     { version, reason }          → AdminEvidenceResponse (+ run if it was on the page)
//   PUT    /admin/tag_evidence/{id}            { version, fields: EvidenceFields } → AdminEvidenceResponse (+ run if on the page)
//   POST   /admin/tag_evidence/test-clock      { at }                       → { due } (development and tests only:
//          the expiry jobs of evidence expiring before `at` run now, as if the time were `at`)
//   GET    /tag_evidence_documents/{token}                                 → the file (photo inline, PDF as
//          attachment); session cookie only, no bearer (a link cannot send one). Anyone while the
//          evidence is on the page (verified or expired); otherwise the operator's team and admins.
//
// A stale `version` answers 409 with what the evidence is now.
import { z } from 'zod';
import { IsoDate, IsoDateTime } from './common.ts';
import { TagRefSchema } from './tags.ts';

export const EVIDENCE_STATUSES = ['pending', 'verified', 'rejected', 'expired'] as const;
export const EvidenceStatus = z.enum(EVIDENCE_STATUSES);
export type EvidenceStatus = z.infer<typeof EvidenceStatus>;

/** A document or photo: at most this large; photos are re-encoded, PDFs checked by their bytes. */
export const EVIDENCE_FILE = {
  maxBytes: 10 * 1024 * 1024,
  typeMessage: 'Upload a photo (JPEG, PNG, WebP, AVIF) or a PDF',
} as const;

const text = (max: number, message: string) => z.string({ error: message }).trim().max(max, `At most ${max} characters`);

/** What the operator (or an admin correcting it) writes. At least a certificate or a statement. */
export const EvidenceFields = z
  .object({
    issuer: text(120, 'Name who issued the certification'),
    certificateNumber: text(80, 'Give the certificate number'),
    /** The last day the certification is valid; empty when it does not expire. */
    expiresOn: z
      .string({ error: 'Use a date like 2027-03-31' })
      .trim()
      .refine((v) => v === '' || IsoDate.safeParse(v).success, 'Use a date like 2027-03-31')
      .transform((v) => (v === '' ? null : v)),
    statement: text(600, 'Write a short statement'),
  })
  .superRefine((v, ctx) => {
    if (!v.issuer && !v.statement) ctx.addIssue({ code: 'custom', path: ['issuer'], message: 'Name who issued the certification, or write a statement' });
    if (v.certificateNumber && !v.issuer) ctx.addIssue({ code: 'custom', path: ['issuer'], message: 'Name who issued this certificate' });
    if (v.expiresOn && !v.issuer) ctx.addIssue({ code: 'custom', path: ['issuer'], message: 'Name who issued the certification that expires' });
  });
export type EvidenceFields = z.infer<typeof EvidenceFields>;

export const EvidenceDocumentSchema = z.object({ url: z.string(), name: z.string(), kind: z.enum(['image', 'pdf']) });
export type EvidenceDocument = z.infer<typeof EvidenceDocumentSchema>;

/** On the experience page: one tag's evidence (verified or expired evidence only). */
export const OptionTagEvidenceSchema = z.object({
  tagSlug: z.string(),
  issuer: z.string(),
  certificateNumber: z.string(),
  expiresOn: IsoDate.nullable(),
  statement: z.string(),
  document: EvidenceDocumentSchema.nullable(),
  /** The day an admin verified it; null once it expired (then `expired` is true). */
  verifiedOn: IsoDate.nullable(),
  expired: z.boolean(),
});
export type OptionTagEvidence = z.infer<typeof OptionTagEvidenceSchema>;

const EvidenceCore = z.object({
  id: z.number().int(),
  version: z.number().int(),
  status: EvidenceStatus,
  issuer: z.string(),
  certificateNumber: z.string(),
  expiresOn: IsoDate.nullable(),
  statement: z.string(),
  document: EvidenceDocumentSchema.nullable(),
  submittedBy: z.string(),
  submittedAt: IsoDateTime,
  decidedBy: z.string().nullable(),
  decidedAt: IsoDateTime.nullable(),
  verifiedAt: IsoDateTime.nullable(),
  expiredAt: IsoDateTime.nullable(),
  rejectReason: z.string().nullable(),
});

/** One sustainability tag of the operator's experience, with its evidence if any. */
export const PartnerEvidenceSchema = z.object({ tag: TagRefSchema, evidence: EvidenceCore.nullable() });
export type PartnerEvidence = z.infer<typeof PartnerEvidenceSchema>;
export const PartnerEvidenceList = z.object({ evidence: z.array(PartnerEvidenceSchema) });
export type PartnerEvidenceList = z.infer<typeof PartnerEvidenceList>;
export const PartnerEvidenceResponse = z.object({ evidence: PartnerEvidenceSchema });
export type PartnerEvidenceResponse = z.infer<typeof PartnerEvidenceResponse>;

export const AdminEvidenceSchema = EvidenceCore.extend({
  tag: TagRefSchema,
  experience: z.object({ id: z.number().int(), slugCode: z.string(), name: z.string() }),
  operator: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }),
  /** The publish run that brings a decision to the experience page, if one was queued. */
  publishRunId: z.string().nullable(),
});
export type AdminEvidence = z.infer<typeof AdminEvidenceSchema>;
export const AdminEvidenceQuery = z.object({ status: EvidenceStatus.default('pending') });
export const AdminEvidenceList = z.object({ evidence: z.array(AdminEvidenceSchema), pending: z.number().int() });
export type AdminEvidenceList = z.infer<typeof AdminEvidenceList>;
export const AdminEvidenceResponse = z.object({ evidence: AdminEvidenceSchema });
export type AdminEvidenceResponse = z.infer<typeof AdminEvidenceResponse>;

const Version = z.number({ error: 'Give the version you read' }).int().min(1);
export const VerifyEvidenceBody = z.object({ version: Version });
export const RejectEvidenceBody = z.object({ version: Version, reason: z.string({ error: 'Tell the operator why' }).trim().min(3, 'Tell the operator why').max(1000, 'At most 1000 characters') });
export const CorrectEvidenceBody = z.object({ version: Version, fields: EvidenceFields });
export type CorrectEvidenceBody = z.input<typeof CorrectEvidenceBody>;
export const EvidenceClockBody = z.object({ at: IsoDateTime });
export const EvidenceClockResponse = z.object({ due: z.number().int() });
