// `npm run pull [-- --full]`: pull catalogue content into the content cache.
import { parseConfig } from '../src/server/config.ts';
import { withCatalogueApi } from './lib/api-access.ts';
import { loadDotEnv } from './lib/cli.ts';
import { pullContent } from './lib/pull-content.ts';

loadDotEnv();
const config = parseConfig();
const full = process.argv.includes('--full');
await withCatalogueApi(config, async (get, via) => {
  console.log(`Pulling content ${full ? '(full) ' : ''}from ${via} into ${config.contentDir}`);
  const r = await pullContent({ get, contentDir: config.contentDir, full, log: console.log });
  console.log(`✔ ${r.written} written, ${r.deleted} deleted, ${r.unchanged} unchanged in ${r.seconds.toFixed(1)} s`);
});
