// The records the content cache has and the live build may not show yet (ADR 0025): every pull
// notes each record it writes or deletes, with the record as the cache had it before (the first
// such "before" is kept until a build shows the record). An incremental publish renders the pages
// of every pending record besides the ones it was asked for, and takes them off the list once its
// build is live; a full build clears the list. So a record pulled by another run (a publish
// committed while an earlier run was pulling) or by a run whose build failed is never left out.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ContentType } from '../../src/contract/content-changes.ts';

export type PendingChange = { type: ContentType; key: string; before?: Record<string, unknown> | undefined };

const FILE = '.pending-changes.json';
const id = (c: { type: string; key: string }) => `${c.type}\0${c.key}`;

export function readPending(contentDir: string): PendingChange[] {
  const path = join(contentDir, FILE);
  if (!existsSync(path)) return [];
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as PendingChange[];
  } catch {
    // A torn or foreign file: the caller cannot know which records it named.
    throw new Error(`The content cache's list of pending changes (${path}) is unreadable; run a full build (npm run rebuild -- --full)`);
  }
}

function writePending(contentDir: string, list: PendingChange[]) {
  const path = join(contentDir, FILE);
  if (list.length === 0) return rmSync(path, { force: true });
  writeFileSync(`${path}.tmp`, JSON.stringify(list));
  renameSync(`${path}.tmp`, path);
}

/** Adds pulled changes; a record already pending keeps its older "before". */
export function notePending(contentDir: string, changes: PendingChange[]) {
  if (changes.length === 0) return;
  const list = readPending(contentDir);
  const seen = new Set(list.map(id));
  for (const c of changes) {
    if (seen.has(id(c))) continue;
    seen.add(id(c));
    list.push(c);
  }
  writePending(contentDir, list);
}

/** Takes records off the list once a live build shows them (all of them: a full build). */
export function clearPending(contentDir: string, shown?: { type: string; key: string }[]) {
  if (!shown) return writePending(contentDir, []);
  const done = new Set(shown.map(id));
  writePending(contentDir, readPending(contentDir).filter((c) => !done.has(id(c))));
}
