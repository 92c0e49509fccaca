// npm run test:reliability [-- --quick]: the reliability harness (issue 20) and its summary.
//   1. fuzzing from the contract: every route of the app's route table, inputs from its zod schemas
//   2. the access matrix and the cross-site check
//   3. a backup restored into a fresh folder finds every order, user and credit entry
// RELIABILITY_RUNS sets the fuzz cases per route (default 60; --quick: 12, what .ci/run uses);
// RELIABILITY_SEED replays a run (the seed is printed).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { FuzzRow } from '../src/server/reliability/fuzz.reliability.ts';

const quick = process.argv.includes('--quick');
const runs = process.env['RELIABILITY_RUNS'] ?? (quick ? '12' : '60');
const dir = join('test-results', 'reliability');
rmSync(dir, { recursive: true, force: true });

const vitest = spawnSync(
  'npx',
  ['vitest', 'run', '-c', 'vitest.reliability.config.ts'],
  { stdio: 'inherit', env: { ...process.env, RELIABILITY_RUNS: runs } },
);

const read = <T>(name: string): T | null => (existsSync(join(dir, `${name}.json`)) ? (JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8')) as T) : null);
const fuzz = read<{ seed: number; runsPerRoute: number; rows: FuzzRow[] }>('fuzz');
const matrix = read<{ routes: number; cells: number; wrong: string[] }>('matrix');
const crossSite = read<{ routes: number; accepted: string[]; exempt: string[] }>('cross-site');
const backup = read<{ users: number; orders: number; creditEntries: number; identical: boolean }>('backup');

console.log('\n=== Reliability summary ===\n');
if (fuzz) {
  console.log(`Fuzzing from the contract (seed ${fuzz.seed}; replay with RELIABILITY_SEED=${fuzz.seed} RELIABILITY_RUNS=${fuzz.runsPerRoute})`);
  console.log(`${'route'.padEnd(78)} ${'inputs'.padEnd(16)} ${'cases'.padStart(6)} ${'fail'.padStart(5)}  answers`);
  for (const r of fuzz.rows) {
    const statuses = Object.entries(r.statuses).map(([s, n]) => `${s}×${n}`).join(' ');
    console.log(`${r.route.padEnd(78)} ${r.schemas.padEnd(16)} ${String(r.cases).padStart(6)} ${String(r.failures).padStart(5)}  ${statuses}`);
  }
  for (const r of fuzz.rows.filter((x) => x.failures)) console.log(`  FAIL ${r.route}: ${r.counterexample}`);
}
const line = (what: string, value: string) => console.log(`${what.padEnd(46)} ${value}`);
console.log('');
if (fuzz) {
  line('fuzz: routes', String(fuzz.rows.length));
  line('fuzz: routes whose inputs come from a schema', String(fuzz.rows.filter((r) => r.schemas !== '-').length));
  line('fuzz: cases', String(fuzz.rows.reduce((n, r) => n + r.cases, 0)));
  line('fuzz: failures (5xx, stack trace, non-JSON error)', String(fuzz.rows.reduce((n, r) => n + r.failures, 0)));
} else line('fuzz', 'no result (see the output above)');
if (matrix) {
  line('access matrix: routes', String(matrix.routes));
  line('access matrix: cells', String(matrix.cells));
  line('access matrix: wrong answers', String(matrix.wrong.length));
} else line('access matrix', 'no result (see the output above)');
if (crossSite) {
  line('cross-site: state-changing calls tried', String(crossSite.routes));
  line('cross-site: accepted', String(crossSite.accepted.length));
} else line('cross-site', 'no result (see the output above)');
if (backup) line('backup restored into a fresh folder', `${backup.users} users, ${backup.orders} orders, ${backup.creditEntries} credit entries, ${backup.identical ? 'all found' : 'MISSING RECORDS'}`);
else line('backup', 'no result (see the output above)');

process.exit(vitest.status ?? 1);
