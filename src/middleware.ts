// Runs as each page is rendered (at build time for this static site, and under `astro dev`).
import { defineMiddleware } from 'astro:middleware';
import { hoistIslandStyle } from './lib/island-styles.ts';

export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  const html = new Uint8Array(await response.arrayBuffer());
  return new Response(hoistIslandStyle(html), { status: response.status, statusText: response.statusText, headers: response.headers });
});
