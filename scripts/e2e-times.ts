// Where the Playwright suite's time goes: reads the JSON report of the last run
// (test-results/e2e-report.json) and prints the spec files by total test time, the slowest
// tests, and the sum against the wall-clock duration (the workers' overlap).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

type Result = { duration: number; status: string; retry: number };
type Test = { projectName: string; results: Result[] };
type Spec = { title: string; file: string; line: number; tests: Test[] };
type Suite = { title: string; file?: string; specs?: Spec[]; suites?: Suite[] };
type Report = { suites: Suite[]; stats: { duration: number; expected: number; unexpected: number; flaky: number; skipped: number } };

const file = resolve(process.argv[2] ?? 'test-results/e2e-report.json');
const report = JSON.parse(readFileSync(file, 'utf8')) as Report;
const rows: { file: string; title: string; project: string; ms: number }[] = [];
const walk = (s: Suite) => {
  for (const spec of s.specs ?? []) for (const t of spec.tests) for (const r of t.results) rows.push({ file: spec.file, title: `${spec.title}:${spec.line}${r.retry ? ` (retry ${r.retry})` : ''}`, project: t.projectName, ms: r.duration });
  for (const child of s.suites ?? []) walk(child);
};
report.suites.forEach(walk);

const byFile = new Map<string, { ms: number; n: number }>();
for (const r of rows) {
  const f = byFile.get(r.file) ?? { ms: 0, n: 0 };
  f.ms += r.ms;
  f.n++;
  byFile.set(r.file, f);
}
const total = rows.reduce((s, r) => s + r.ms, 0);
const min = (ms: number) => `${(ms / 60_000).toFixed(1)} min`;
console.log(`wall clock ${min(report.stats.duration)}; test time ${min(total)} over ${rows.length} results (${report.stats.expected} passed, ${report.stats.unexpected} failed, ${report.stats.flaky} flaky, ${report.stats.skipped} skipped)\n`);
console.log('spec file                              tests   total   mean');
for (const [f, v] of [...byFile].sort((a, b) => b[1].ms - a[1].ms)) console.log(`${f.padEnd(38)} ${String(v.n).padStart(5)} ${min(v.ms).padStart(9)} ${(v.ms / v.n / 1000).toFixed(1).padStart(5)} s`);
console.log('\nslowest tests');
for (const r of rows.sort((a, b) => b.ms - a.ms).slice(0, 15)) console.log(`${(r.ms / 1000).toFixed(1).padStart(6)} s  [${r.project}] ${r.file} › ${r.title}`);
