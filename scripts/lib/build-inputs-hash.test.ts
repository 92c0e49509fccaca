// The build's input hash, with each file's digest kept while the file is the same.
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildInputsHash } from './build-site.ts';

const work = mkdtempSync(join(tmpdir(), 'verdant-inputs-hash-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('buildInputsHash', () => {
  it('follows every change of a content file, kept digests or not', () => {
    const contentDir = join(work, 'content');
    mkdirSync(join(contentDir, 'options'), { recursive: true });
    const file = join(contentDir, 'options', 'walk-a1.json');
    writeFileSync(file, '{"name":"Rice terrace walk"}');
    const dirs = { distDir: join(work, 'dist'), contentDir };
    const first = buildInputsHash(dirs);
    expect(buildInputsHash(dirs)).toBe(first);
    // A pull replaces a record by rename: same size, other bytes.
    writeFileSync(`${file}.tmp`, '{"name":"Rice terrace hike"}');
    renameSync(`${file}.tmp`, file);
    const second = buildInputsHash(dirs);
    expect(second).not.toBe(first);
    // Written in place, as an editor would.
    writeFileSync(file, '{"name":"Rice terrace walk"}');
    expect(buildInputsHash(dirs)).toBe(first);
    rmSync(file);
    expect(buildInputsHash(dirs)).not.toBe(first);
  });
});
