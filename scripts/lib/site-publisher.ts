// The static site's builder for the publish queue (services/publish.ts SiteBuilder), given to
// the worker by the process that owns dist (scripts/start.ts; dev.ts; the e2e server through
// start.ts). Publishing pulls the changed records through the change feed, in process, and
// rebuilds the storefront beside the live one, swapped in atomically (build-site.ts).
import type { Logger } from 'pino';
import { createApp } from '../../src/server/app.ts';
import type { Config } from '../../src/server/config.ts';
import type { Db } from '../../src/server/db/client.ts';
import { MemoryRateLimitStore } from '../../src/server/providers/rate-limit.ts';
import type { SiteBuilder } from '../../src/server/services/publish.ts';
import { inProcessGet } from './api-access.ts';
import { buildSite } from './build-site.ts';
import { pullContent } from './pull-content.ts';

/**
 * `build: false` (the API child of `npm run dev`, `npm start -- --api-only`): a publish only
 * pulls; the dev server renders the content cache on request.
 */
export function createSitePublisher(opts: { db: Db; config: Config; log: Logger; build?: boolean }): SiteBuilder {
  const app = createApp({ db: opts.db, config: opts.config, log: opts.log, rateLimitStore: new MemoryRateLimitStore() });
  const get = inProcessGet(app, opts.config);
  return {
    async publish(changes) {
      const t0 = performance.now();
      const pulled = await pullContent({ get, contentDir: opts.config.contentDir });
      opts.log.info({ changes: changes.length, ...pulled }, 'publish: content pulled');
      if (opts.build === false) return { pages: 0, seconds: (performance.now() - t0) / 1000, mode: 'pull-only' };
      const built = await buildSite({ distDir: opts.config.distDir, contentDir: opts.config.contentDir }, { quiet: true, log: (l) => opts.log.debug(l.trim()) });
      return { pages: built.pages, seconds: (performance.now() - t0) / 1000, mode: built.skipped ? 'unchanged' : 'full' };
    },
    async preview() {
      throw new Error('Preview rendering is not available yet');
    },
  };
}
