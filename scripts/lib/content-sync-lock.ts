// One `astro build` at a time syncs the content layer. Every build first syncs it into the
// project's shared .astro/ folder and Astro's cache, writing each file through the same
// `<file>.tmp` and a rename, and Astro 7 writes .astro/content-assets.mjs twice in every sync
// (first `new Map()`, then `new Map([])`), whatever is already there. Two builds syncing at once
// (the shards of a full build, the render daemon starting beside a rebuild, a filtered build)
// rename each other's temporary file away and one fails with ENOENT. This integration holds a
// lock file from `astro:config:done` (just before the sync) to `astro:build:start` (just after),
// so syncs run one after another while the builds' bundling and rendering still overlap.
// A holder that died (kill -9) leaves its pid in the file: the next build takes the lock over.
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AstroIntegration } from 'astro';

/** How long a build waits for the lock before it fails with the holder's pid in the error. */
const WAIT_MS = 10 * 60_000;
/** A lock file still empty this long after it was made belongs to a process that died making it. */
const EMPTY_GRACE_MS = 10_000;

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The pid holding `file`, or undefined when nobody does (no file, or its holder is gone). */
function holderOf(file: string): number | undefined {
  let text: string;
  let mtimeMs: number;
  try {
    text = readFileSync(file, 'utf8').trim();
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
  const pid = Number(text);
  if (text === '' || !Number.isInteger(pid)) return Date.now() - mtimeMs < EMPTY_GRACE_MS ? -1 : undefined;
  return alive(pid) ? pid : undefined;
}

/** Takes the lock at `file` (waiting while a live process holds it); returns its release. */
export async function acquireLock(file: string, waitMs = WAIT_MS): Promise<() => void> {
  const started = Date.now();
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      let held = true;
      const release = () => {
        if (!held) return;
        held = false;
        process.off('exit', release);
        // Only our own lock is removed: one taken over after a pause this long is another's.
        if (holderOf(file) === process.pid) rmSync(file, { force: true });
      };
      process.on('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = holderOf(file);
    if (holder === undefined) {
      rmSync(file, { force: true }); // its holder died: the lock is free
      continue;
    }
    if (Date.now() - started > waitMs) {
      throw new Error(`waited ${Math.round(waitMs / 1000)} s for ${file}, held by process ${holder}; if that process is not an astro build, remove the file`);
    }
    await sleep(50);
  }
}

export function contentSyncLock(): AstroIntegration {
  let command = '';
  let release: (() => void) | undefined;
  return {
    name: 'verdant-content-sync-lock',
    hooks: {
      'astro:config:setup': (options) => {
        command = options.command;
      },
      // `astro dev` and `astro sync` never reach build:start: only builds take the lock.
      'astro:config:done': async ({ config }) => {
        if (command !== 'build') return;
        const dir = join(fileURLToPath(config.root), '.astro');
        mkdirSync(dir, { recursive: true });
        release = await acquireLock(join(dir, 'content-sync.lock'));
      },
      'astro:build:start': () => {
        release?.();
        release = undefined;
      },
    },
  };
}
