// `npm test` (after the E2E run, with --e2e): the built site's HTML checked with html-validate
// under .htmlvalidate.mjs. Every page template is checked on two of its pages, its largest and its
// smallest (the most content, and the emptiest state: an experience with no reviews yet, a
// short list); a template with one page is checked on that page. Every page is also checked for
// the marks it must write once (scripts/lib/page-integrity.ts). Fails on any error.
//   node scripts/validate-html.ts [--e2e | --dist <dir>] [--all]   (--all: every page, slow)
import { readFileSync, statSync } from 'node:fs';
import { relative } from 'node:path';
import { HtmlValidate, type ConfigData } from 'html-validate';
import { builtPages, distFromArgs } from './lib/built-pages.ts';
import { pageIntegrity } from './lib/page-integrity.ts';

const dist = distFromArgs(process.argv);
const configUrl = new URL('../.htmlvalidate.mjs', import.meta.url);
const config = ((await import(configUrl.href)) as { default: ConfigData }).default;
const validator = new HtmlValidate(config);

const pages = builtPages(dist).map((p) => ({ ...p, size: statSync(p.file).size }));
const byTemplate = new Map<string, typeof pages>();
for (const p of pages) byTemplate.set(p.template, [...(byTemplate.get(p.template) ?? []), p]);

const chosen = process.argv.includes('--all')
  ? pages
  : [...byTemplate.values()].flatMap((list) => {
      const sorted = [...list].sort((a, b) => b.size - a.size || a.path.localeCompare(b.path));
      return sorted.length > 1 ? [sorted[0]!, sorted[sorted.length - 1]!] : sorted;
    });

let errors = 0;
let warnings = 0;
for (const page of chosen.sort((a, b) => a.path.localeCompare(b.path))) {
  const report = await validator.validateString(readFileSync(page.file, 'utf8'), relative(dist, page.file));
  for (const result of report.results) {
    for (const m of result.messages) {
      if (m.severity === 2) errors++;
      else warnings++;
      console.log(`${m.severity === 2 ? '✖ error' : '! warning'} ${page.path}:${m.line}:${m.column} ${m.message} (${m.ruleId}) at ${m.selector ?? '?'}`);
    }
  }
}

// Every page, not two a template: the header is repeated from one page to the next, and a slip
// shows on the pages whose own render order differs from the first's.
for (const page of pages) {
  for (const problem of pageIntegrity(readFileSync(page.file, 'utf8'))) {
    errors++;
    console.log(`✖ error ${page.path}: ${problem}`);
  }
}

const summary = `html-validate: ${chosen.length} pages of ${byTemplate.size} templates, and every page's marks (${pages.length} pages built): ${errors} errors, ${warnings} warnings`;
if (errors > 0) {
  console.error(`\n${summary}`);
  process.exit(1);
}
console.log(summary);
