// Static storefront: every content page is pre-rendered from content-cache/; per-user pages
// are static shells. Built into VERDANT_OUT_DIR by scripts/build-site.ts (then swapped in).
import partytown from '@astrojs/partytown';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import interactionDirective from './src/directives/integration.mjs';
import { contentSyncLock } from './scripts/lib/content-sync-lock.ts';
import { renderDaemon } from './scripts/lib/render-daemon-integration.ts';

/**
 * Partytown's files under /~partytown/, but not its loader on every page: the overlays load it
 * only when a third-party id is configured and the visitor consented (src/islands/overlays/
 * third-party.ts). Its service worker on every page would cost Lighthouse Best Practices points.
 */
function partytownAfterConsent() {
  const integration = partytown();
  const { 'astro:config:setup': _injectsLoaderEverywhere, ...hooks } = integration.hooks;
  return { ...integration, hooks };
}

/**
 * What every page runs at once (the header's, the overlays' and the layout's boot scripts) is
 * one chunk, `boot`, beside those three small entries: split by which islands also use them,
 * their modules were 12-15 chunks of about 1 KB, each a request before the page's main image on
 * a slow connection (docs/decisions/0052). A module belongs to `boot` when a boot script reaches
 * it through static imports; the boot scripts themselves stay in their entries, so each runs
 * where and when its page puts it. Islands that use the same modules import them from `boot`.
 */
const BOOT_SCRIPT = /\/src\/(islands\/(header|overlays|currency-picker)\/boot|islands\/web-fonts)\.ts$/;
function bootChunk(id, ctx) {
  const seen = new Set();
  const reached = (m) => {
    if (seen.has(m)) return false;
    seen.add(m);
    const info = ctx.getModuleInfo(m);
    return (info?.importers ?? []).some((by) => BOOT_SCRIPT.test(by) || reached(by));
  };
  return !BOOT_SCRIPT.test(id) && reached(id) ? 'boot' : null;
}

export default defineConfig({
  site: process.env.PUBLIC_SITE_URL ?? 'http://localhost:4321',
  output: 'static',
  outDir: process.env.VERDANT_OUT_DIR ?? './dist',
  trailingSlash: 'ignore',
  // Stylesheets are linked, hashed and cached, never inlined into each page's HTML (issue 19,
  // docs/decisions/0050): 'auto' wrote the small ones (4-14 KB a page) into every page.
  build: { format: 'directory', inlineStylesheets: 'never' },
  compressHTML: true,
  devToolbar: { enabled: false },
  prefetch: false,
  // renderDaemon: inactive unless scripts/lib/render-daemon.ts started this build (ADR 0049).
  // contentSyncLock: builds running at once sync the content layer one after another.
  integrations: [react(), interactionDirective(), partytownAfterConsent(), renderDaemon(), contentSyncLock()],
  vite: {
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: { groups: [{ name: bootChunk }] },
              // The storefront's API client is shared by the overlays and the islands; a chunk
              // named after its file ("client") would read like Astro's React renderer
              // ("client.js"), which the hydration tests watch for, so it gets its own name.
              chunkFileNames: (chunk) =>
                `_astro/${chunk.name === 'client' && chunk.moduleIds.some((id) => id.includes('/src/api-client/')) ? 'storefront-api' : chunk.name.replace(/[^\w.-]/g, '_')}.[hash].js`,
            },
          },
        },
      },
    },
    // `npm run dev` (scripts/dev.ts) adds the proxy to the API process and the shell routes.
  },
});
