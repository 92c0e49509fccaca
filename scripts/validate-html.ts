// `npm test` (after the E2E run, with --e2e): the built site's HTML checked with html-validate
// under .htmlvalidate.mjs. Every page template is checked on two of its pages, its largest and its
// smallest (the most content, and the emptiest state: an experience with no reviews yet, a
// short list); a template with one page is checked on that page. Fails on any error.
//   node scripts/validate-html.ts [--e2e | --dist <dir>] [--all]   (--all: every page, slow)
import { readFileSync, statSync } from 'node:fs';
import { relative } from 'node:path';
import { HtmlValidate, type ConfigData } from 'html-validate';
import { builtPages, distFromArgs } from './lib/built-pages.ts';

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

const summary = `html-validate: ${chosen.length} pages of ${byTemplate.size} templates (of ${pages.length} pages built): ${errors} errors, ${warnings} warnings`;
if (errors > 0) {
  console.error(`\n${summary}`);
  process.exit(1);
}
console.log(summary);
