// GET /api/v1/realtime: the websocket a signed-in browser opens (spec §4). Its proof is the
// session cookie plus an Origin check against PUBLIC_SITE_URL (no bearer: a browser cannot
// send headers on a websocket, and the Origin check stops other sites from riding the cookie).
// It says hello with the user id, answers ping with pong, carries the hub's events, and takes
// `chat.typing` from the client (passed on to the conversation's other users; ADR 0037).
import type { UpgradeWebSocket } from 'hono/ws';
import type { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { HttpError } from '../http.ts';
import { sessionMiddleware } from '../session.ts';
import { ChatTypingClientMessage } from '../../contract/chat.ts';
import { typing } from '../services/chat/chat.ts';

/** Typing hints a socket may send per conversation: the client sends one every few seconds. */
const TYPING_MIN_INTERVAL_MS = 2000;

export const REALTIME_PATH = '/api/v1/realtime';

export function mountRealtime(app: Hono<AppEnv>, upgradeWebSocket: UpgradeWebSocket) {
  app.get(
    REALTIME_PATH,
    async (c, next) => {
      const origin = c.req.header('origin');
      if (!origin || origin !== new URL(c.var.config.siteUrl).origin) throw new HttpError(403, 'Origin not allowed');
      await next();
    },
    sessionMiddleware,
    async (c, next) => {
      if (!c.var.user) throw new HttpError(401, 'Please log in to continue.');
      if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') throw new HttpError(426, 'Expected a websocket upgrade');
      await next();
    },
    upgradeWebSocket((c) => {
      const user = c.var.user!;
      const hub = c.var.providers.realtime;
      let leave: (() => void) | undefined;
      /** When this socket last said it was typing in each conversation: more than one a 2 s is dropped. */
      const typedAt = new Map<string, number>();
      return {
        onOpen(_event, ws) {
          leave = hub.add(user.id, user.sessionId, { send: (data: string) => ws.send(data), close: (code?: number, reason?: string) => ws.close(code, reason) });
          ws.send(JSON.stringify({ type: 'hello', userId: user.id }));
        },
        onMessage(event, ws) {
          let message: unknown;
          try {
            message = JSON.parse(String(event.data));
          } catch {
            ws.send(JSON.stringify({ type: 'error', error: 'Messages are JSON' }));
            return;
          }
          if (message && typeof message === 'object' && (message as { type?: unknown }).type === 'ping') ws.send(JSON.stringify({ type: 'pong' }));
          const typed = ChatTypingClientMessage.safeParse(message);
          if (typed.success) {
            const now = Date.now();
            if (now - (typedAt.get(typed.data.conversationId) ?? 0) < TYPING_MIN_INTERVAL_MS) return;
            if (typedAt.size > 100) typedAt.clear();
            typedAt.set(typed.data.conversationId, now);
            typing({ db: c.var.db, realtime: hub }, user, typed.data.conversationId).catch((err: unknown) => {
              // Not a conversation of this user (404/403): say so; anything else is logged.
              if (err instanceof HttpError) ws.send(JSON.stringify({ type: 'error', error: err.message }));
              else c.var.log.error({ err }, 'realtime: chat.typing failed');
            });
          }
        },
        onClose() {
          leave?.();
        },
      };
    }),
  );
}
