// Trigram similarity in the manner of PostgreSQL's pg_trgm, for ranking a few candidate names
// that the database already found through its trigram index (computing word_similarity per row
// in SQL is slow on the embedded, WebAssembly PostgreSQL). Words are lower-cased alphanumeric
// runs, each padded with two spaces before and one after.
const WORD = /[\p{L}\p{N}]+/gu;

export function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of text.toLowerCase().match(WORD) ?? []) {
    const padded = `  ${w} `;
    for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  }
  return out;
}

/** |A ∩ B| / |A ∪ B|, as pg_trgm's similarity(). */
export function similarity(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let common = 0;
  for (const t of a) if (b.has(t)) common++;
  return common / (a.size + b.size - common);
}

/** The trigrams of a text in order (words padded as in trigrams()), repeats kept. */
function trigramSequence(text: string): string[] {
  const out: string[] = [];
  for (const w of text.toLowerCase().match(WORD) ?? []) {
    const padded = `  ${w} `;
    for (let i = 0; i + 3 <= padded.length; i++) out.push(padded.slice(i, i + 3));
  }
  return out;
}

/**
 * pg_trgm's word_similarity(text, name): the best similarity between the text's trigrams and
 * any continuous extent of the name's ordered trigrams ("kayk" in "Morning Kayak" is 0.6).
 */
export function wordSimilarity(text: string, name: string): number {
  const q = trigrams(text);
  if (q.size === 0) return 0;
  const seq = trigramSequence(name);
  let best = 0;
  for (let i = 0; i < seq.length; i++) {
    if (!q.has(seq[i] as string)) continue; // a best extent starts on a shared trigram
    const seen = new Set<string>();
    let common = 0;
    for (let j = i; j < seq.length; j++) {
      const t = seq[j] as string;
      if (!seen.has(t)) {
        seen.add(t);
        if (q.has(t)) common++;
      }
      const s = common / (q.size + seen.size - common);
      if (s > best) best = s;
    }
  }
  return best;
}
