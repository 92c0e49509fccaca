// Are two builds of the site the same apart from asset hashes? For refactors that must not
// change what visitors get: build before, build after, compare.
//   node scripts/compare-dist.ts <dist-before> <dist-after>
// Prints each differing file with its first differing line; exits 1 when any differ.
import { statSync } from 'node:fs';
import { compareDists, IGNORED } from './lib/compare-dist.ts';

const [before, after] = process.argv.slice(2);
if (!before || !after || !statSync(before, { throwIfNoEntry: false })?.isDirectory() || !statSync(after, { throwIfNoEntry: false })?.isDirectory()) {
  console.error('Usage: node scripts/compare-dist.ts <dist-before> <dist-after> (two existing folders)');
  process.exit(2);
}

const diffs = compareDists(before, after);
for (const d of diffs) console.log(`✖ ${d.file}: ${d.reason}`);
console.log(diffs.length === 0 ? `compare-dist: ${before} and ${after} are the same apart from asset hashes (not compared: ${IGNORED.join(', ')})` : `compare-dist: ${diffs.length} files differ`);
process.exit(diffs.length === 0 ? 0 : 1);
