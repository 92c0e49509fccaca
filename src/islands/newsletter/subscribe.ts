// One newsletter sign-up for the footer form and the pop-up: spec §5 (the email must be
// valid) and §8 texts. 'existed' is 'You're already a subscriber'.
import { ApiError, INTERNAL_ERROR } from '../../api-client/client.ts';
import { subscribe } from '../../api-client/engagement.ts';

export const SUBSCRIBED_TEXT = 'Successfully subscribed!';
export const EXISTED_TEXT = "You're already a subscriber";

export type SubscribeOutcome = { kind: 'subscribed' | 'existed' | 'error'; text: string };

/** Spec §5 texts; the server checks again with the same rules. */
export function emailProblem(value: string): string | undefined {
  const email = value.trim();
  if (!email) return 'Please enter email';
  if (email.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@.]+$/.test(email)) return 'Email is invalid';
  return undefined;
}

export async function subscribeEmail(value: string, source: 'popup' | 'footer'): Promise<SubscribeOutcome> {
  const problem = emailProblem(value);
  if (problem) return { kind: 'error', text: problem };
  try {
    const { data } = await subscribe({ email: value.trim(), source });
    return data.status === 'existed' ? { kind: 'existed', text: EXISTED_TEXT } : { kind: 'subscribed', text: SUBSCRIBED_TEXT };
  } catch (err) {
    return { kind: 'error', text: err instanceof ApiError ? (err.fields['email'] ?? err.message) : INTERNAL_ERROR };
  }
}
