// Static storefront: every content page is pre-rendered from content-cache/; per-user pages
// are static shells. Built into VERDANT_OUT_DIR by scripts/build-site.ts (then swapped in).
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import interactionDirective from './src/directives/integration.mjs';

export default defineConfig({
  site: process.env.PUBLIC_SITE_URL ?? 'http://localhost:4321',
  output: 'static',
  outDir: process.env.VERDANT_OUT_DIR ?? './dist',
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'always' },
  compressHTML: true,
  devToolbar: { enabled: false },
  prefetch: false,
  integrations: [react(), interactionDirective()],
  vite: {
    server: { proxy: { '/api': 'http://localhost:4321', '/_image': 'http://localhost:4321', '/storage': 'http://localhost:4321' } },
  },
});
