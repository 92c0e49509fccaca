// `npm run rebuild [-- --full]`: pull content and rebuild the storefront beside the live one,
// then swap it in atomically (the running server keeps serving the old build until then).
import { parseConfig } from '../src/server/config.ts';
import { withCatalogueApi } from './lib/api-access.ts';
import { buildSite } from './lib/build-site.ts';
import { loadDotEnv, step } from './lib/cli.ts';
import { pullContent } from './lib/pull-content.ts';

loadDotEnv();
const config = parseConfig();
const full = process.argv.includes('--full');
const t0 = performance.now();
await withCatalogueApi(config, (get, via) =>
  step(`Pulling content from ${via}`, () => pullContent({ get, contentDir: config.contentDir, full, log: console.log })),
);
const result = await step('Building the storefront', () =>
  buildSite({ distDir: config.distDir, contentDir: config.contentDir }, { force: process.argv.includes('--force') }),
);
console.log(
  result.skipped
    ? '✔ Nothing changed since the last build: the live site is current.'
    : `✔ Rebuilt ${result.pages} pages and swapped them in (${((performance.now() - t0) / 1000).toFixed(1)} s in all).`,
);
