// Questions about experiences (src/contract/faqs.ts; ADR 39), the operator's answers in
// /partner, "Report a problem" and the itinerary share counter.
import type { AnswerQuestionBody, AskedQuestionResponse, AskedQuestionsResponse, AskQuestionBody, EditQuestionBody, FaqFilterQuery, FaqFilterResponse, PartnerQuestionResponse, PartnerQuestionsQuery, PartnerQuestionsResponse } from '../contract/faqs.ts';
import type { ShareCountResponse } from '../contract/itineraries.ts';
import type { ReportProblemBody, ReportProblemResponse } from '../contract/problem-reports.ts';
import { request } from './client.ts';

export const filterFaqs = (query: FaqFilterQuery) => request<FaqFilterResponse>('/faqs/filter', { query });
export const askedQuestions = (option: string) => request<AskedQuestionsResponse>('/faqs/asked', { query: { option } });
export const askQuestion = (body: AskQuestionBody) => request<AskedQuestionResponse>('/faqs', { method: 'POST', body });
export const editQuestion = (id: number, body: EditQuestionBody) => request<AskedQuestionResponse>(`/faqs/${id}`, { method: 'PATCH', body });
export const deleteQuestion = (id: number) => request<{ deleted: true }>(`/faqs/${id}`, { method: 'DELETE' });

const questionsPath = (slug: string) => `/partner/operators/${encodeURIComponent(slug)}/questions`;
export const partnerQuestions = (slug: string, query: PartnerQuestionsQuery) => request<PartnerQuestionsResponse>(questionsPath(slug), { query });
export const answerQuestion = (slug: string, id: number, body: AnswerQuestionBody) => request<PartnerQuestionResponse>(`${questionsPath(slug)}/${id}/answer`, { method: 'POST', body });

export const reportProblem = (body: ReportProblemBody) => request<ReportProblemResponse>('/option_broken_trackings', { method: 'POST', body });
export const countItineraryShare = (slug: string) => request<ShareCountResponse>(`/travel_itineraries/${encodeURIComponent(slug)}/increase_share_count`, { method: 'POST' });
