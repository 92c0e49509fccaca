// The realtime connection (spec §4: "a realtime connection is opened once a user id exists").
// One websocket to /api/v1/realtime while someone is logged in; reconnects with back-off;
// closed at log-out. Chat subscribes to its event types with `onRealtime`.
import { atom } from 'nanostores';
import { $user } from './user.ts';

export type RealtimeStatus = 'closed' | 'connecting' | 'open';
export const $realtimeStatus = atom<RealtimeStatus>('closed');

type Handler = (event: { type: string } & Record<string, unknown>) => void;
const handlers = new Map<string, Set<Handler>>();

export function onRealtime(type: string, handler: Handler): () => void {
  let set = handlers.get(type);
  if (!set) handlers.set(type, (set = new Set()));
  set.add(handler);
  return () => set.delete(handler);
}

let socket: WebSocket | undefined;
let userId: string | undefined;
let retries = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

function connect() {
  if (!userId || typeof WebSocket === 'undefined') return;
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/v1/realtime`;
  const ws = new WebSocket(url);
  socket = ws;
  $realtimeStatus.set('connecting');
  ws.addEventListener('open', () => {
    retries = 0;
    $realtimeStatus.set('open');
  });
  ws.addEventListener('message', (e) => {
    let event: unknown;
    try {
      event = JSON.parse(String(e.data));
    } catch {
      return;
    }
    if (!event || typeof event !== 'object' || typeof (event as { type?: unknown }).type !== 'string') return;
    const typed = event as { type: string } & Record<string, unknown>;
    for (const h of handlers.get(typed.type) ?? []) h(typed);
  });
  ws.addEventListener('close', (e) => {
    if (socket !== ws) return;
    socket = undefined;
    $realtimeStatus.set('closed');
    // 4401: the session ended; anything else: try again while still logged in.
    if (e.code !== 4401 && userId) {
      const delay = Math.min(30_000, 1000 * 2 ** retries++);
      timer = setTimeout(connect, delay);
    }
  });
}

/**
 * Sends a message over the open socket (chat's "typing"); false when none is open: what is sent
 * this way is a hint that may be lost, never data (messages go through the API).
 */
export function sendRealtime(message: { type: string } & Record<string, unknown>): boolean {
  if (!socket || socket.readyState !== WebSocket.OPEN) return false;
  socket.send(JSON.stringify(message));
  return true;
}

function disconnect() {
  clearTimeout(timer);
  const ws = socket;
  socket = undefined;
  ws?.close(1000, 'Logged out');
  $realtimeStatus.set('closed');
}

/** Follows `$user`: connects when a user id appears, disconnects when it goes. */
export function startRealtime(): () => void {
  return $user.subscribe((user) => {
    const id = user?.id;
    if (id === userId) return;
    disconnect();
    userId = id;
    retries = 0;
    if (id) connect();
  });
}
