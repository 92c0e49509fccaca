import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireLock } from './content-sync-lock.ts';

const dirs: string[] = [];
const lockIn = () => {
  const dir = mkdtempSync(join(tmpdir(), 'sync-lock-'));
  dirs.push(dir);
  return join(dir, 'content-sync.lock');
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The pid of a process that has ended. */
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid!;

describe('content sync lock', () => {
  it('lets one holder at a time through, in turn, and removes the file after the last', async () => {
    const file = lockIn();
    const order: string[] = [];
    const hold = async (name: string) => {
      const release = await acquireLock(file);
      order.push(`${name} in`);
      expect(readFileSync(file, 'utf8')).toBe(String(process.pid));
      await new Promise((r) => setTimeout(r, 120));
      order.push(`${name} out`);
      release();
    };
    await Promise.all([hold('a'), hold('b'), hold('c')]);
    // Each holder leaves before the next comes in.
    for (let i = 0; i < order.length; i += 2) expect(order[i + 1]).toBe(order[i]!.replace(' in', ' out'));
    expect(existsSync(file)).toBe(false);
  });

  it('takes over a lock whose holder died', async () => {
    const file = lockIn();
    writeFileSync(file, String(deadPid()));
    const release = await acquireLock(file, 1_000);
    expect(readFileSync(file, 'utf8')).toBe(String(process.pid));
    release();
  });

  it('waits for a live holder and then says who holds it', async () => {
    const file = lockIn();
    writeFileSync(file, String(process.ppid));
    await expect(acquireLock(file, 200)).rejects.toThrow(`held by process ${process.ppid}`);
    expect(readFileSync(file, 'utf8')).toBe(String(process.ppid));
  });

  it('a second release, or one after another took the lock over, removes nothing', async () => {
    const file = lockIn();
    const release = await acquireLock(file);
    writeFileSync(file, String(process.ppid)); // taken over after a long pause
    release();
    expect(readFileSync(file, 'utf8')).toBe(String(process.ppid));
    release();
    expect(existsSync(file)).toBe(true);
  });
});
