// Evidence behind sustainability tags (src/contract/tag-evidence.ts; ADR 0045): the operator's
// calls under /partner (behind requirePartner), the admin's under /admin (behind requireAdmin), and
// the document's download, mounted before /api/v1's bearer check like a chat file's.
import type { Context, Hono as HonoApp } from 'hono';
import { Hono } from 'hono';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  AdminEvidenceQuery,
  CorrectEvidenceBody,
  EVIDENCE_FILE,
  EvidenceClockBody,
  EvidenceFields,
  RejectEvidenceBody,
  VerifyEvidenceBody,
  type AdminEvidenceList,
  type AdminEvidenceResponse,
  type PartnerEvidenceList,
  type PartnerEvidenceResponse,
} from '../../contract/tag-evidence.ts';
import type { AppEnv } from '../context.ts';
import { partnerMemberships } from '../db/schema.ts';
import { HttpError, readBody, readParams, readQuery, reply, validate } from '../http.ts';
import { API_CSP, rateLimit, securityHeaders } from '../middleware.ts';
import { currentUser, sessionMiddleware } from '../session.ts';
import { pipelinePublisher } from '../services/admin/publisher.ts';
import { openOperator } from '../services/partner/bookings.ts';
import {
  adminEvidenceList,
  correctEvidence,
  moveEvidenceClock,
  partnerEvidence,
  readEvidenceDocument,
  rejectEvidence,
  submitEvidence,
  verifyEvidence,
  type EvidenceDeps,
  type EvidenceFile,
} from '../services/tag-evidence.ts';

/** The operator's submission carries a file (multipart): app.ts lets its body be as large as a photo upload's. */
export const EVIDENCE_UPLOAD_PATH = /^\/api\/v1\/partner\/operators\/[a-z0-9-]{1,200}\/listings\/\d{1,10}\/evidence\/[A-Za-z0-9_-]{1,200}$/;

const OperatorParam = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,200}$/, 'Unknown operator') });
const OptionParam = OperatorParam.extend({ optionId: z.coerce.number({ error: 'Unknown experience' }).int('Unknown experience').min(1, 'Unknown experience').max(2_147_483_647, 'Unknown experience') });
const TagParam = OptionParam.extend({ tag: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,199}$/, 'Unknown tag') });
const IdParam = z.object({ id: z.coerce.number({ error: 'Unknown evidence' }).int('Unknown evidence').min(1, 'Unknown evidence').max(2_147_483_647, 'Unknown evidence') });
const TokenParam = z.object({ token: z.string().regex(/^[\w-]{1,64}$/, 'Document not found') });

const deps = (c: Context<AppEnv>): EvidenceDeps => ({ db: c.var.db, jobs: c.var.jobs, publisher: pipelinePublisher(c.var.jobs) });

/** A file part (not `instanceof File`: the request's File may come from another realm than ours). */
const isFile = (f: unknown): f is File => typeof f === 'object' && f !== null && typeof (f as File).arrayBuffer === 'function' && typeof (f as File).name === 'string';

/** The operator's form: the fields (snake_case, as on the wire), an optional file and remove_document. */
async function readEvidenceForm(c: Context<AppEnv>): Promise<{ fields: EvidenceFields; file: EvidenceFile | null; removeDocument: boolean }> {
  if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data')) {
    throw new HttpError(422, 'Send the evidence as a multipart form', { fields: { issuer: 'Fill in the form and send it again' } });
  }
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    throw new HttpError(422, 'The form could not be read', { fields: { file: 'Choose the file again' } });
  }
  const text = (k: string) => {
    const v = form[k];
    return typeof v === 'string' ? v : v === undefined ? '' : undefined;
  };
  const fields = validate(EvidenceFields, { issuer: text('issuer'), certificateNumber: text('certificate_number'), expiresOn: text('expires_on'), statement: text('statement') }, 'body');
  const raw = form['file'];
  if (raw !== undefined && !isFile(raw)) throw new HttpError(422, EVIDENCE_FILE.typeMessage, { fields: { file: EVIDENCE_FILE.typeMessage } });
  // An empty file part is what a form sends when no file was chosen.
  const file = raw && raw.size > 0 ? { bytes: new Uint8Array(await raw.arrayBuffer()), name: raw.name } : null;
  const remove = text('remove_document');
  return { fields, file, removeDocument: remove === '1' || remove === 'true' };
}

export function tagEvidenceRoutes() {
  const r = new Hono<AppEnv>();

  // ── The operator (partner back-office) ──
  r.get('/partner/operators/:slug/listings/:optionId/evidence', async (c) => {
    const { slug, optionId } = readParams(c, OptionParam);
    const op = await openOperator(c.var.db, currentUser(c), slug);
    return reply(c, { evidence: await partnerEvidence(c.var.db, op, optionId) } satisfies PartnerEvidenceList);
  });

  r.post('/partner/operators/:slug/listings/:optionId/evidence/:tag', async (c) => {
    const { slug, optionId, tag } = readParams(c, TagParam);
    const op = await openOperator(c.var.db, currentUser(c), slug);
    const { fields, file, removeDocument } = await readEvidenceForm(c);
    const evidence = await submitEvidence({ ...deps(c), storage: c.var.providers.storage }, currentUser(c), op, optionId, tag, fields, file, removeDocument);
    return reply(c, { evidence } satisfies PartnerEvidenceResponse, 201);
  });

  // ── The admin (back-office) ──
  r.get('/admin/tag_evidence', async (c) => {
    const { status } = readQuery(c, AdminEvidenceQuery);
    return reply(c, (await adminEvidenceList(c.var.db, status)) satisfies AdminEvidenceList);
  });

  r.post('/admin/tag_evidence/test-clock', async (c) => {
    if (c.var.config.isProduction || c.var.payments.name !== 'test') throw new HttpError(404, 'Not found');
    const { at } = await readBody(c, EvidenceClockBody);
    return reply(c, await moveEvidenceClock({ db: c.var.db, jobs: c.var.jobs }, new Date(at)));
  });

  r.post('/admin/tag_evidence/:id/verify', async (c) => {
    const { id } = readParams(c, IdParam);
    const { version } = await readBody(c, VerifyEvidenceBody);
    return reply(c, { evidence: await verifyEvidence(deps(c), currentUser(c), id, version) } satisfies AdminEvidenceResponse);
  });

  r.post('/admin/tag_evidence/:id/reject', async (c) => {
    const { id } = readParams(c, IdParam);
    const { version, reason } = await readBody(c, RejectEvidenceBody);
    return reply(c, { evidence: await rejectEvidence(deps(c), currentUser(c), id, version, reason) } satisfies AdminEvidenceResponse);
  });

  r.put('/admin/tag_evidence/:id', async (c) => {
    const { id } = readParams(c, IdParam);
    const { version, fields } = await readBody(c, CorrectEvidenceBody);
    return reply(c, { evidence: await correctEvidence(deps(c), currentUser(c), id, version, fields) } satisfies AdminEvidenceResponse);
  });

  return r;
}

/**
 * GET /api/v1/tag_evidence_documents/{token}: the evidence's document. Mounted before /api/v1's
 * bearer check: a link on the static experience page cannot send the bearer, and the session
 * cookie is what lets the operator's team and admins read a document that is not on the page yet.
 */
export function mountEvidenceDocument(app: HonoApp<AppEnv>) {
  app.get(
    '/api/v1/tag_evidence_documents/:token',
    securityHeaders(API_CSP),
    rateLimit({ bucket: 'api', limit: (c) => c.var.config.rateLimitPerMinute }),
    sessionMiddleware,
    async (c) => {
      const { token } = readParams(c, TokenParam);
      const db = c.var.db;
      const member = async (user: { id: string }, operatorId: number) =>
        (await db.select({ id: partnerMemberships.operatorId }).from(partnerMemberships).where(and(eq(partnerMemberships.userId, user.id), eq(partnerMemberships.operatorId, operatorId))).limit(1)).length > 0;
      const doc = await readEvidenceDocument({ db, storage: c.var.providers.storage }, c.var.user, member, token);
      const disposition = doc.kind === 'image' ? 'inline' : 'attachment';
      return c.body(doc.bytes.slice().buffer as ArrayBuffer, 200, {
        'Content-Type': doc.kind === 'pdf' ? 'application/pdf' : 'image/jpeg',
        'Content-Length': String(doc.bytes.byteLength),
        'Content-Disposition': `${disposition}; filename="${doc.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(doc.name)}`,
        // A document replaced or taken off the page must not stay readable from a cache.
        'Cache-Control': 'private, no-cache',
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; sandbox",
      });
    },
  );
}
