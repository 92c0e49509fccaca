import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireLock, DatabaseLockedError } from './client.ts';

describe('acquireLock', () => {
  it('refuses a second owner while the first holds the lock, then allows it after release', () => {
    const dir = mkdtempSync(join(tmpdir(), 'verdant-lock-'));
    const release = acquireLock(dir);
    // The same folder held by a live process (our parent stands in for another owner).
    writeFileSync(join(dir, 'verdant.lock'), String(process.ppid));
    expect(() => acquireLock(dir)).toThrow(DatabaseLockedError);
    expect(() => acquireLock(dir)).toThrow(/already in use by another Verdant process/);
    writeFileSync(join(dir, 'verdant.lock'), String(process.pid));
    release();
    const again = acquireLock(dir);
    again();
  });
  it('replaces a stale lock left by a dead process', () => {
    const dir = mkdtempSync(join(tmpdir(), 'verdant-lock-'));
    writeFileSync(join(dir, 'verdant.lock'), '2147483646');
    const release = acquireLock(dir);
    release();
  });
});
