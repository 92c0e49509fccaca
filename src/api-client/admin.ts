// The back-office calls (src/contract/admin.ts). Admins only: others get ApiError 403.
import type {
  AdminExperience,
  AdminExperienceList,
  AdminExperienceListQuery,
  AdminReferences,
  ExperienceDraft,
  PublishRunView,
  RevisionList,
  SiteSettings,
  SiteSettingsResponse,
} from '../contract/admin.ts';
import { request } from './client.ts';

const exp = (id: number) => `/admin/experiences/${encodeURIComponent(String(id))}`;

export const adminExperiences = (query: AdminExperienceListQuery) => request<AdminExperienceList>('/admin/experiences', { query });
export const adminReferences = () => request<AdminReferences>('/admin/references');
export const adminExperience = (id: number) => request<AdminExperience>(exp(id));
export const saveExperienceDraft = (id: number, version: number, draft: ExperienceDraft) =>
  request<AdminExperience>(`${exp(id)}/draft`, { method: 'PUT', body: { version, draft } });
export const publishExperience = (id: number, version: number, at?: string) =>
  request<AdminExperience>(`${exp(id)}/publish`, { method: 'POST', body: at ? { version, at } : { version } });
export const unpublishExperience = (id: number, version: number) => request<AdminExperience>(`${exp(id)}/unpublish`, { method: 'POST', body: { version } });
export const cancelScheduledPublish = (id: number) => request<AdminExperience>(`${exp(id)}/schedule`, { method: 'DELETE' });
export const experienceRevisions = (id: number) => request<RevisionList>(`${exp(id)}/revisions`);
export const restoreExperienceRevision = (id: number, revisionId: number, version: number) =>
  request<AdminExperience>(`${exp(id)}/revisions/${encodeURIComponent(String(revisionId))}/restore`, { method: 'POST', body: { version } });
export const previewExperience = (id: number) => request<{ run: PublishRunView | null }>(`${exp(id)}/preview`, { method: 'POST', body: {} });
export const publishRun = (id: string, signal?: AbortSignal) => request<PublishRunView>(`/admin/publish_runs/${encodeURIComponent(id)}`, signal ? { signal } : {});
export const adminSiteSettings = () => request<SiteSettingsResponse>('/admin/site_settings');
export const saveSiteSettings = (settings: SiteSettings) => request<SiteSettingsResponse>('/admin/site_settings', { method: 'PUT', body: settings });
