import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';

/** Newsletter, consent tallies, contact and corporate inquiries (src/contract/engagement.ts). */
export function engagementRoutes() {
  return new Hono<AppEnv>();
}
