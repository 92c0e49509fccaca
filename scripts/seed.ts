// Loads the deterministic demo catalogue.
//   node scripts/seed.ts [--options 20000] [--reset]
// Uses DATABASE_URL when set, otherwise the embedded PGlite database under DATA_DIR (default
// .data). Without --reset it refuses to touch a database that already has a catalogue.
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/server/db/client.ts';
import { isEmpty, resetCatalogue, seedCatalogue } from '../src/server/db/seed/seed.ts';
import { DEV_PASSWORD, DEV_USERS } from '../src/server/db/seed/users.ts';

const { values } = parseArgs({
  options: {
    options: { type: 'string' },
    reset: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  console.log('Usage: node scripts/seed.ts [--options N] [--reset]\n  --options N  total number of experiences (default 320)\n  --reset      empty the catalogue tables first');
  process.exit(0);
}

const optionCount = values.options === undefined ? undefined : Number(values.options);
if (optionCount !== undefined && (!Number.isInteger(optionCount) || optionCount < 1)) {
  console.error(`--options must be a positive whole number (got "${values.options}")`);
  process.exit(2);
}

const dataDir = resolve(process.env.DATA_DIR || '.data');
const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
const database = await openDatabase({ dataDir, databaseUrl });
let exitCode = 0;
try {
  await database.migrate();
  if (values.reset) {
    console.log('Emptying the catalogue tables…');
    await resetCatalogue(database.db);
  } else if (!(await isEmpty(database.db))) {
    console.error(
      'The database already has a catalogue, so nothing was seeded.\n' +
        'Run `node scripts/seed.ts --reset` to empty the catalogue tables and seed again (this also removes anything that references them, such as bookings).',
    );
    exitCode = 1;
  }
  if (exitCode === 0) {
    const started = performance.now();
    let imagesAt = started;
    let last = '';
    const summary = await seedCatalogue(database.db, {
      storageDir: join(dataDir, 'storage'),
      ...(optionCount === undefined ? {} : { options: optionCount }),
      onProgress: (step, done, total) => {
        if (step !== 'image pool' && last === 'image pool') imagesAt = performance.now();
        const line = total ? `${step} ${done ?? 0}/${total}` : step;
        if (step !== last || (total && done === total)) console.log(`  ${line}`);
        last = step;
      },
    });
    const ended = performance.now();
    console.log('\nRows written:');
    for (const [table, n] of Object.entries(summary)) console.log(`  ${table.padEnd(22)} ${n}`);
    console.log(`\nImage pool: ${((imagesAt - started) / 1000).toFixed(1)} s; catalogue: ${((ended - imagesAt) / 1000).toFixed(1)} s.`);
    console.log(`Development users (password "${DEV_PASSWORD}"): ${DEV_USERS.map((u) => u.email).join(', ')}`);
  }
} finally {
  await database.close();
}
process.exit(exitCode);
