// A fresh clone's documentation links resolve inside the repository: every relative link in
// README.md, CONTRIBUTING.md and docs/ names a file or folder of this repository (and a
// `#fragment` into a Markdown file names one of its headings).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
/** What a clone has: tracked files and new ones not ignored (a link to an ignored file would break there). */
const inClone = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((f) => f && existsSync(join(root, f)));
const cloned = (rel: string) => rel === '' || inClone.some((f) => f === rel || f.startsWith(`${rel}/`));

function markdownFiles(): string[] {
  const files = ['README.md', 'CONTRIBUTING.md'].map((f) => join(root, f));
  const walk = (dir: string) => {
    for (const e of readdirSync(dir)) {
      const p = join(dir, e);
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith('.md')) files.push(p);
    }
  };
  walk(join(root, 'docs'));
  return files;
}

/** Inline links and images `[text](target "title")` and reference definitions `[id]: target`, outside code. */
export function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  const inline = [...prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
  const references = [...prose.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)].map((m) => m[1]!);
  return [...inline, ...references];
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const m of markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    anchors.add(m[1]!.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').trim().replace(/\s/g, '-'));
  }
  return anchors;
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');

describe('documentation links', () => {
  it('reads a Markdown link the way a renderer does', () => {
    expect(linkTargets('See [a](docs/a.md), ![img](x.png "t"), `[b](not-a-link.md)` and\n```\n[c](nor-this.md)\n```\n[ref]: ./ref.md\n')).toEqual([
      'docs/a.md',
      'x.png',
      './ref.md',
    ]);
  });

  const files = markdownFiles().filter((f) => existsSync(f));
  it('covers README.md, CONTRIBUTING.md and docs/architecture.md', () => {
    expect(files.map((f) => relative(root, f))).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md', join('docs', 'architecture.md')]));
  });

  it.each(files.map((f) => [relative(root, f), f]))('%s: every relative link resolves inside the repository', (_name, file) => {
    const broken: string[] = [];
    for (const target of linkTargets(readFileSync(file, 'utf8'))) {
      if (isExternal(target)) continue;
      const [path = '', fragment] = target.split('#');
      const resolved = path ? resolve(dirname(file), decodeURI(path)) : file;
      if (path.startsWith('/') || (resolved !== root && !resolved.startsWith(root + sep))) {
        broken.push(`${target}: points outside the repository`);
      } else if (!cloned(relative(root, resolved).split(sep).join('/'))) {
        broken.push(`${target}: ${relative(root, resolved)} is not in the repository`);
      } else if (fragment && resolved.endsWith('.md') && !anchorsOf(readFileSync(resolved, 'utf8')).has(fragment)) {
        broken.push(`${target}: no heading "#${fragment}" in ${relative(root, resolved)}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
