// Ambassador programme calls (src/contract/ambassador.ts).
import type {
  AdminApplicationsResponse,
  AffiliateLink,
  AffiliateLinksResponse,
  AmbassadorProfileResponse,
  ApplyBody,
  BankAccount,
  BankAccountsResponse,
  CreateBankAccountBody,
  PayoutsResponse,
  PerformanceResponse,
  PopularProductsResponse,
  ReviewBody,
} from '../contract/ambassador.ts';
import { request } from './client.ts';

export const ambassadorProfile = () => request<AmbassadorProfileResponse>('/ambassador_profile');
export const applyAsAmbassador = (body: ApplyBody) => request<AmbassadorProfileResponse>('/ambassador_profile', { method: 'POST', body });
export const readUncappedBanner = () => request<{ readAt: string }>('/affiliate_uncapped_earning_privilege/read_banner', { method: 'POST', body: {} });
export const affiliateLinks = () => request<AffiliateLinksResponse>('/affiliate_links');
export const createAffiliateLink = (target: string) => request<AffiliateLink>('/affiliate_links', { method: 'POST', body: { target } });
export const affiliateLinkQr = (id: string) => request<{ url: string; svg: string }>(`/affiliate_links/${encodeURIComponent(id)}/qr`);
export const performance = (period: string) => request<PerformanceResponse>('/ambassador/performance', { query: { period } });
export const popularProducts = (period: string) => request<PopularProductsResponse>('/ambassador/popular_products', { query: { period } });
export const payouts = () => request<PayoutsResponse>('/ambassador/payouts');
export const bankAccounts = () => request<BankAccountsResponse>('/ambassador_bank_accounts');
export const addBankAccount = (body: CreateBankAccountBody) => request<BankAccount>('/ambassador_bank_accounts', { method: 'POST', body });
export const deleteBankAccount = (id: string) => request<{ deleted: true }>(`/ambassador_bank_accounts/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const ambassadorApplications = (status = 'applied') => request<AdminApplicationsResponse>('/admin/ambassador_applications', { query: { status } });
export const reviewApplication = (userId: string, body: ReviewBody) => request<{ userId: string; status: string }>(`/admin/ambassador_applications/${encodeURIComponent(userId)}`, { method: 'POST', body });
