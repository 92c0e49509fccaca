// Evidence behind sustainability tags (src/contract/tag-evidence.ts; ADR 0045): the partner
// back-office's and the admin back-office's calls.
import type { AdminEvidenceList, AdminEvidenceResponse, CorrectEvidenceBody, EvidenceStatus, PartnerEvidenceList, PartnerEvidenceResponse } from '../contract/tag-evidence.ts';
import { request } from './client.ts';

const evidencePath = (slug: string, optionId: number) => `/partner/operators/${encodeURIComponent(slug)}/listings/${optionId}/evidence`;

export const partnerEvidence = (slug: string, optionId: number) => request<PartnerEvidenceList>(evidencePath(slug, optionId));
/** The form's fields (issuer, certificate_number, expires_on, statement), an optional `file` and `remove_document`. */
export const submitEvidence = (slug: string, optionId: number, tagSlug: string, form: FormData) =>
  request<PartnerEvidenceResponse>(`${evidencePath(slug, optionId)}/${encodeURIComponent(tagSlug)}`, { method: 'POST', form });

export const adminEvidence = (status: EvidenceStatus) => request<AdminEvidenceList>('/admin/tag_evidence', { query: { status } });
export const verifyEvidence = (id: number, version: number) => request<AdminEvidenceResponse>(`/admin/tag_evidence/${id}/verify`, { method: 'POST', body: { version } });
export const rejectEvidence = (id: number, version: number, reason: string) => request<AdminEvidenceResponse>(`/admin/tag_evidence/${id}/reject`, { method: 'POST', body: { version, reason } });
export const correctEvidence = (id: number, body: CorrectEvidenceBody) => request<AdminEvidenceResponse>(`/admin/tag_evidence/${id}`, { method: 'PUT', body });
