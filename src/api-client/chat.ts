// Chat calls (src/contract/chat.ts; issue 17; the unread check is in chat-unread.ts). `operator`: act for that operator (the partner
// back-office); without it, the caller's own conversations as a traveller. A message with files
// goes as multipart through XMLHttpRequest, the one browser API that reports upload progress.
import type {
  ChatConversationListResponse,
  ChatConversationResponse,
  ChatMessageResponse,
  ChatMessagesResponse,
  ChatSearchResponse,
  ChatThreadResponse,
  ReadChatMessagesBody,
  ReadChatMessagesResponse,
  SendChatMessageBody,
  StartChatConversationBody,
} from '../contract/chat.ts';
import { camelizeKeys, toSnakeKey } from '../lib/key-case.ts';
import { reportTooManyRequests } from '../stores/ui.ts';
import { API_BASE, ApiError, INTERNAL_ERROR, PUBLIC_API_KEY, request } from './client.ts';

const acting = (operator: string | null | undefined) => (operator ? { operator } : {});
const conversation = (id: string) => `/chat_conversations/${encodeURIComponent(id)}`;

export const chatConversations = (operator: string | null, cursor?: string | null) =>
  request<ChatConversationListResponse>('/chat_conversations', { query: { ...acting(operator), ...(cursor ? { cursor } : {}), per: 30 } });

export const startChatConversation = (body: StartChatConversationBody, operator: string | null = null) =>
  request<ChatConversationResponse>('/chat_conversations', { method: 'POST', query: acting(operator), body });

export const chatThread = (id: string) => request<ChatThreadResponse>(conversation(id), { query: { per: 30 } });

/** `before`: older messages (paging back); `after`: what this page missed (after a reconnect). */
export const chatMessages = (id: string, page: { before: number } | { after: number }) =>
  request<ChatMessagesResponse>(`${conversation(id)}/messages`, { query: { ...page, per: 'after' in page ? 200 : 30 } });

export const readChatMessages = (body: ReadChatMessagesBody) => request<ReadChatMessagesResponse>('/chat_messages/read', { method: 'POST', body });

export const searchChatMessages = (q: string, operator: string | null, cursor?: string | null) =>
  request<ChatSearchResponse>('/chat_messages/search', { query: { q, ...acting(operator), ...(cursor ? { cursor } : {}) } });

export const deleteChatFile = (id: string) => request<ChatMessageResponse>(`/chat_message_files/${encodeURIComponent(id)}`, { method: 'DELETE' });

/**
 * Sends a message: JSON without files; multipart with them, reporting the share of bytes sent
 * (0 to 1) to `onProgress`. `signal` aborts it. Refusals are ApiError with the server's message.
 */
export function sendChatMessage(body: SendChatMessageBody, files: readonly File[] = [], opts: { onProgress?: (share: number) => void; signal?: AbortSignal } = {}): Promise<ChatMessageResponse> {
  if (files.length === 0) return request<ChatMessageResponse>('/chat_messages', { method: 'POST', body, ...(opts.signal ? { signal: opts.signal } : {}) }).then((r) => r.data);
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) if (value !== undefined) form.append(toSnakeKey(key), String(value));
  for (const file of files) form.append('files', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/chat_messages`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Authorization', `Bearer ${PUBLIC_API_KEY}`);
    xhr.upload.addEventListener('progress', (e) => {
      if (e.lengthComputable) opts.onProgress?.(e.loaded / e.total);
    });
    xhr.addEventListener('load', () => {
      if (xhr.status === 429) reportTooManyRequests();
      let answer: unknown;
      try {
        answer = JSON.parse(xhr.responseText);
      } catch (err) {
        console.error(`Unparsable answer from /chat_messages (${xhr.status})`, err);
        reject(new ApiError(xhr.status, INTERNAL_ERROR));
        return;
      }
      if (answer && typeof answer === 'object' && 'error' in answer) {
        const { error, fields } = answer as { error: unknown; fields?: Record<string, string> };
        reject(new ApiError(xhr.status, typeof error === 'string' && error ? error : INTERNAL_ERROR, camelizeKeys<Record<string, string>>(fields ?? {})));
        return;
      }
      if (xhr.status < 200 || xhr.status >= 300) reject(new ApiError(xhr.status, INTERNAL_ERROR));
      else resolve(camelizeKeys<ChatMessageResponse>(answer));
    });
    xhr.addEventListener('error', () => reject(new ApiError(0, 'The upload was interrupted. Check your connection and try again.')));
    xhr.addEventListener('abort', () => reject(new DOMException('The upload was cancelled', 'AbortError')));
    opts.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}
