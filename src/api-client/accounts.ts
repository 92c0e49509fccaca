// Account calls (src/contract/accounts.ts). Main-host calls (log-in, sign-up, log-out,
// password, social callback) go to the site's own /users paths with a CSRF token fetched just
// before, as spec §4 says; the rest are ordinary /api/v1 calls.
import type {
  AuthResponse,
  BucketList,
  CaptchaConfig,
  CreditsResponse,
  GiftCode,
  LastLoginMethodResponse,
  LoginBody,
  MePatchBody,
  OAuthProviderName,
  PasswordUpdateBody,
  ReferralResponse,
  SupplierInvitationResponse,
  SendCodeBody,
  SendCodeResponse,
  SignupBody,
  User,
  UserTokenResponse,
  WhatsappLoginBody,
} from '../contract/accounts.ts';
import { createApiClient, request } from './client.ts';

/** The main host: same origin, no /api/v1 prefix. */
const mainHost = createApiClient({ baseUrl: '' });

export async function csrfToken(): Promise<string> {
  const { data } = await request<{ token: string }>('/csrf-token');
  return data.token;
}

async function main<T>(method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) {
  const token = await csrfToken();
  return mainHost<T>(path, { method, ...(body === undefined ? {} : { body }), headers: { 'X-CSRF-Token': token } });
}

export const loginWithEmail = (body: LoginBody) => main<AuthResponse>('POST', '/users/login', body);
export const signUp = (body: SignupBody) => main<AuthResponse>('POST', '/users', body);
export const userTokenCall = () => main<UserTokenResponse>('POST', '/users/token', {});
export const logoutCall = () => main<{ loggedOut: true }>('DELETE', '/users/logout');
export const sendPasswordInstructions = (email: string) => main<{ sent: true }>('POST', '/users/password', { user: { email } });
export const updatePassword = (body: PasswordUpdateBody) => main<AuthResponse | { user: User }>('PATCH', '/users/password', body);
export const oauthCallback = (provider: OAuthProviderName, body: { code: string; state: string; cartId?: string | null; osc?: string | null }) =>
  main<AuthResponse>('POST', `/users/auth/${provider}/callback`, body);

export const lastLoginMethod = (email: string) => request<LastLoginMethodResponse>(`/last_login_methods/${encodeURIComponent(email.trim())}`);
export const supplierInvitation = (code: string) => request<SupplierInvitationResponse>(`/supplier_invitations/${encodeURIComponent(code)}`);
export const sendCode = (body: SendCodeBody) => request<SendCodeResponse>('/whatsapp_authentications/send_code', { method: 'POST', body });
export const loginWithWhatsapp = (body: WhatsappLoginBody) => request<AuthResponse | Record<string, never>>('/whatsapp_authentications/login', { method: 'POST', body });
export const captchaConfig = () => request<CaptchaConfig>('/captcha');
export const captchaChallenge = () => request<{ token: string }>('/captcha/challenge');
export const oauthAuthorize = (provider: OAuthProviderName) => request<{ url: string; state: string }>(`/oauth/${provider}/authorize`);

export const currentUser = () => request<User>('/me', { query: { view: 'full' } });
export const updateMe = (body: MePatchBody) => request<User>('/me', { method: 'PATCH', body });
export const credits = (page = 1) => request<CreditsResponse>('/credits', { query: { page, per: 20 } });
export const referral = () => request<ReferralResponse>('/referral');

export const giftCodes = () => request<{ giftCodes: GiftCode[] }>('/gift_codes');
export const giftCode = (id: string) => request<GiftCode>(`/gift_codes/${encodeURIComponent(id)}`);
export const addGiftCode = (code: string) => request<GiftCode>('/gift_codes', { method: 'POST', body: { code } });
export const redeemGiftCode = (id: string) => request<{ giftCode: GiftCode; balance: { amount: number; currency: string } }>(`/gift_codes/${encodeURIComponent(id)}/redeem`, { method: 'POST', body: {} });
export const removeGiftCode = (id: string) => request<{ removed: true }>(`/gift_codes/${encodeURIComponent(id)}/remove`, { method: 'POST', body: {} });

export const bucketLists = () => request<{ bucketLists: BucketList[] }>('/bucket_lists');
export const bucketList = (id: string) => request<BucketList>(`/bucket_lists/${encodeURIComponent(id)}`);
export const createBucketList = (name: string, optionSlugCode?: string) => request<BucketList>('/bucket_lists', { method: 'POST', body: { name, ...(optionSlugCode ? { optionSlugCode } : {}) } });
export const updateBucketList = (id: string, body: { name?: string; shared?: boolean }) => request<BucketList>(`/bucket_lists/${encodeURIComponent(id)}`, { method: 'PATCH', body });
export const deleteBucketList = (id: string) => request<{ deleted: true }>(`/bucket_lists/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const addToBucketList = (bucketListId: string, optionSlugCode: string) => request<BucketList>('/bucket_list_options', { method: 'POST', body: { bucketListId, optionSlugCode } });
export const removeFromBucketList = (itemId: string) => request<BucketList>(`/bucket_list_options/${encodeURIComponent(itemId)}`, { method: 'DELETE' });
