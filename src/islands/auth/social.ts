// Social log-in in a popup (spec §4, architecture "OAuth popup"): open the popup at once (so no
// blocker stops it), ask the API for the provider's address (state + PKCE kept server-side),
// wait for the return page to hand back code and state (BroadcastChannel, or postMessage from
// the popup), then post them to /users/auth/{provider}/callback.
import { oauthAuthorize, oauthCallback } from '../../api-client/accounts.ts';
import type { AuthResponse, OAuthProviderName } from '../../contract/accounts.ts';
import { loginContext } from './login-context.ts';

export const PROVIDER_LABEL: Record<OAuthProviderName, string> = { google: 'Google', facebook: 'Facebook' };
export const socialError = (provider: OAuthProviderName) => `Unable to connect with ${PROVIDER_LABEL[provider]}`;

type OAuthMessage = { type: 'verdant:oauth'; provider: string; code: string | null; state: string | null; error: string | null };

function waitForReturn(state: string, signal: AbortSignal): Promise<OAuthMessage> {
  return new Promise((resolve, reject) => {
    let channel: BroadcastChannel | undefined;
    const done = () => {
      channel?.close();
      window.removeEventListener('message', onMessage);
    };
    const accept = (data: unknown) => {
      const m = data as Partial<OAuthMessage> | null;
      if (!m || m.type !== 'verdant:oauth' || m.state !== state) return;
      done();
      resolve(m as OAuthMessage);
    };
    const onMessage = (e: MessageEvent) => {
      if (e.origin === location.origin) accept(e.data);
    };
    window.addEventListener('message', onMessage);
    try {
      channel = new BroadcastChannel('verdant-oauth');
      channel.onmessage = (e) => accept(e.data);
    } catch {
      // no BroadcastChannel: postMessage from the popup still works
    }
    signal.addEventListener('abort', () => {
      done();
      reject(new DOMException('Cancelled', 'AbortError'));
    });
  });
}

export async function socialLogin(provider: OAuthProviderName, signal: AbortSignal): Promise<AuthResponse> {
  const popup = window.open('about:blank', 'verdant-oauth', 'width=500,height=680');
  try {
    const { data } = await oauthAuthorize(provider);
    if (popup) popup.location.href = data.url;
    else window.open(data.url, 'verdant-oauth');
    const result = await waitForReturn(data.state, signal);
    if (!result.code || result.error) throw new Error(socialError(provider));
    const ctx = loginContext();
    const answer = await oauthCallback(provider, { code: result.code, state: data.state, cartId: ctx.cartId, osc: ctx.osc });
    return answer.data;
  } finally {
    if (popup && !popup.closed) popup.close();
  }
}
