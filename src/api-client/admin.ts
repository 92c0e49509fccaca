// The back-office calls (src/contract/admin.ts). Admins only: others get ApiError 403.
import type { AdminProblemReportsQuery, AdminProblemReportsResponse, ProblemReportResponse } from '../contract/problem-reports.ts';
import type { ImageLibraryQuery, ImageLibraryResponse } from '../contract/images.ts';
import type {
  AdminArticle,
  AdminArticleList,
  AdminArticleListQuery,
  AdminArticleReferences,
  AdminBestOfList,
  AdminBestOfListList,
  AdminBestOfListListQuery,
  AdminCollection,
  AdminCollectionList,
  AdminCollectionListQuery,
  AdminExperience,
  AdminExperienceList,
  AdminExperienceListQuery,
  AdminOperator,
  AdminOperatorList,
  AdminOperatorListQuery,
  AdminItinerary,
  AdminItineraryList,
  AdminItineraryListQuery,
  AdminReferences,
  ArticleDraft,
  BestOfListDraft,
  CollectionDraft,
  ExperienceDraft,
  OperatorDraft,
  ItineraryDraft,
  PublishRunView,
  RevisionList,
  SiteSettings,
  SiteSettingsResponse,
  UploadedImage,
} from '../contract/admin.ts';
import type { AdminCity, AdminCountry, AdminPlaceList, AdminPlaceListQuery, AdminTag, AdminTagList, AdminTagListQuery, CityDraft, CountryDraft, TagDraft } from '../contract/admin-places.ts';
import type { ListingChangeList, ListingChangeResponse, ListingChangeStatus } from '../contract/partner.ts';
import { request } from './client.ts';

/** The edit calls of one kind of record under `/admin/{path}/{id}` (the same for every kind). */
export function recordCalls<View, Draft>(path: string) {
  const at = (id: number) => `/admin/${path}/${encodeURIComponent(String(id))}`;
  return {
    get: (id: number) => request<View>(at(id)),
    saveDraft: (id: number, version: number, draft: Draft) => request<View>(`${at(id)}/draft`, { method: 'PUT', body: { version, draft } }),
    publish: (id: number, version: number, when?: string) => request<View>(`${at(id)}/publish`, { method: 'POST', body: when ? { version, at: when } : { version } }),
    unpublish: (id: number, version: number) => request<View>(`${at(id)}/unpublish`, { method: 'POST', body: { version } }),
    cancelSchedule: (id: number) => request<View>(`${at(id)}/schedule`, { method: 'DELETE' }),
    revisions: (id: number) => request<RevisionList>(`${at(id)}/revisions`),
    restore: (id: number, revisionId: number, version: number) =>
      request<View>(`${at(id)}/revisions/${encodeURIComponent(String(revisionId))}/restore`, { method: 'POST', body: { version } }),
    preview: (id: number) => request<{ run: PublishRunView | null }>(`${at(id)}/preview`, { method: 'POST', body: {} }),
  };
}
export type RecordCalls<View, Draft> = ReturnType<typeof recordCalls<View, Draft>>;

export const experienceCalls = recordCalls<AdminExperience, ExperienceDraft>('experiences');
export const articleCalls = recordCalls<AdminArticle, ArticleDraft>('articles');
export const operatorCalls = recordCalls<AdminOperator, OperatorDraft>('operators');
export const adminOperators = (query: AdminOperatorListQuery) => request<AdminOperatorList>('/admin/operators', { query });

// Countries, cities and tags (ADR 0034).
export const countryCalls = recordCalls<AdminCountry, CountryDraft>('countries');
export const cityCalls = recordCalls<AdminCity, CityDraft>('cities');
export const tagCalls = recordCalls<AdminTag, TagDraft>('tags');
export const adminPlaces = (query: AdminPlaceListQuery) => request<AdminPlaceList>('/admin/places', { query });
export const adminTags = (query: AdminTagListQuery) => request<AdminTagList>('/admin/tags', { query });

export const adminExperiences = (query: AdminExperienceListQuery) => request<AdminExperienceList>('/admin/experiences', { query });
export const adminReferences = () => request<AdminReferences>('/admin/references');
export const adminArticles = (query: AdminArticleListQuery) => request<AdminArticleList>('/admin/articles', { query });
export const adminArticleReferences = () => request<AdminArticleReferences>('/admin/article_references');

// Collections, travel itineraries and best-of lists (ADR 0035).
export const collectionCalls = recordCalls<AdminCollection, CollectionDraft>('collections');
export const itineraryCalls = recordCalls<AdminItinerary, ItineraryDraft>('itineraries');
export const adminCollections = (query: AdminCollectionListQuery) => request<AdminCollectionList>('/admin/collections', { query });
export const adminItineraries = (query: AdminItineraryListQuery) => request<AdminItineraryList>('/admin/itineraries', { query });
export const bestOfListCalls = recordCalls<AdminBestOfList, BestOfListDraft>('best_of_lists');
export const adminBestOfLists = (query: AdminBestOfListListQuery) => request<AdminBestOfListList>('/admin/best_of_lists', { query });
export const publishRun = (id: string, signal?: AbortSignal) => request<PublishRunView>(`/admin/publish_runs/${encodeURIComponent(id)}`, signal ? { signal } : {});
export const adminSiteSettings = () => request<SiteSettingsResponse>('/admin/site_settings');
export const saveSiteSettings = (settings: SiteSettings) => request<SiteSettingsResponse>('/admin/site_settings', { method: 'PUT', body: settings });

/** Operators' content changes by status (the oldest waiting first). */
export const listingChanges = (status: ListingChangeStatus) => request<ListingChangeList>('/admin/listing_changes', { query: { status } });
/** Puts the change live (ApiError 409 when it was decided or withdrawn meanwhile). */
export const approveListingChange = (id: number) => request<ListingChangeResponse>(`/admin/listing_changes/${id}/approve`, { method: 'POST', body: {} });
/** Declines it; the note is e-mailed to the operator. */
export const declineListingChange = (id: number, note: string) => request<ListingChangeResponse>(`/admin/listing_changes/${id}/decline`, { method: 'POST', body: { note } });

/** Uploads a photo (multipart `file` and `alt`); a file that is not a photo, too small or too large answers ApiError 422 with the field. */
export const uploadImage = (form: FormData) => request<UploadedImage>('/admin/images', { method: 'POST', form });

// Problem reports (ADR 39) and the image library.
export const problemReports = (query: AdminProblemReportsQuery) => request<AdminProblemReportsResponse>('/admin/problem_reports', { query });
export const setProblemReportResolved = (id: number, resolved: boolean) => request<ProblemReportResponse>(`/admin/problem_reports/${id}/${resolved ? 'resolve' : 'reopen'}`, { method: 'POST' });
export const imageLibrary = (query: ImageLibraryQuery) => request<ImageLibraryResponse>('/images', { query });
