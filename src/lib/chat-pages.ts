// The pages of chat (spec §2 /chat, /chat/{id}; issue 17) and the partner back-office's
// messages (/partner/messages, /partner/messages/{id}): which page a path is, and the address of
// a conversation. Pure, so the islands and the tests agree.

export type ChatRoute =
  | { page: 'list' }
  | { page: 'thread'; id: string }
  /** /chat/new?option=…|trip=…: start (or reopen) the conversation about an experience or a trip. */
  | { page: 'new'; about: ChatStart | null }
  | { page: 'unknown' };

/**
 * What a new conversation is about (the start call's body): an experience (its slugCode), one of
 * the traveller's trips, or an operator.
 */
export type ChatStart = { option: string } | { tripId: string } | { operatorSlug: string };

const ID = /^[\w-]{1,64}$/;
const SLUG = /^[\w-]{1,200}$/;

export function chatStartFromSearch(search: string): ChatStart | null {
  const p = new URLSearchParams(search);
  const option = p.get('option');
  if (option && SLUG.test(option)) return { option };
  const trip = p.get('trip');
  if (trip && ID.test(trip)) return { tripId: trip };
  const operator = p.get('operator');
  if (operator && SLUG.test(operator)) return { operatorSlug: operator };
  return null;
}

/** The page of a path under `base` (`/chat`, or `/partner/messages`). */
export function chatRoute(pathname: string, search = '', base = '/chat'): ChatRoute {
  if (pathname !== base && !pathname.startsWith(`${base}/`)) return { page: 'unknown' };
  const rest = pathname.slice(base.length).replace(/^\/+|\/+$/g, '');
  if (rest === '') return { page: 'list' };
  if (rest === 'new') return { page: 'new', about: chatStartFromSearch(search) };
  let id: string;
  try {
    id = decodeURIComponent(rest);
  } catch {
    return { page: 'unknown' };
  }
  return ID.test(id) ? { page: 'thread', id } : { page: 'unknown' };
}

export const chatHref = (id: string, base = '/chat') => `${base}/${encodeURIComponent(id)}`;

/** The link that starts a conversation about an experience (works before any script runs). */
export const askOperatorHref = (slugCode: string) => `/chat/new?option=${encodeURIComponent(slugCode)}`;
export const messageOperatorAboutTripHref = (tripId: string) => `/chat/new?trip=${encodeURIComponent(tripId)}`;
