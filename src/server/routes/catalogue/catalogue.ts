import { Hono } from 'hono';
import type { AppEnv } from '../../context.ts';

/** The catalogue read API (spec §7 GET calls for content). */
export function catalogueRoutes() {
  return new Hono<AppEnv>();
}
