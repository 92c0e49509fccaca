// What the information pages must show, read from their Markdown (src/content/info/*.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { INFO_PAGE_IDS, type InfoPageId } from '../../src/components/info/info-content.ts';

const dir = join(import.meta.dirname, '../../src/content/info');

export type InfoCopy = { id: InfoPageId | '404'; path: string; title: string; seoTitle: string; lede: string; firstHeading: string; updated: string };

export function infoCopy(id: InfoPageId | '404'): InfoCopy {
  const text = readFileSync(join(dir, `${id}.md`), 'utf8');
  const field = (name: string) => {
    const m = new RegExp(`^${name}: (".*")$`, 'm').exec(text);
    if (!m) throw new Error(`${id}.md has no ${name}`);
    return JSON.parse(m[1]!) as string;
  };
  const heading = /^## (.+)$/m.exec(text);
  return {
    id,
    path: `/${id}`,
    title: field('title'),
    seoTitle: field('seoTitle'),
    lede: field('lede'),
    updated: field('updated'),
    // Headings are written as plain text (no inline Markdown).
    firstHeading: heading?.[1] ?? '',
  };
}

export const INFO_PAGES = INFO_PAGE_IDS.map(infoCopy);

/** Every item of a paginated catalogue list (snake_case on the wire). */
export async function allItems<T>(api: <R>(path: string) => Promise<R>, path: string, key: string): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; page < 1000; page++) {
    const sep = path.includes('?') ? '&' : '?';
    const data = await api<Record<string, unknown> & { pagination: { is_last_page: boolean } }>(`${path}${sep}page=${page}&per=100`);
    out.push(...(data[key] as T[]));
    if (data.pagination.is_last_page) break;
  }
  return out;
}

/** Mean of ratings, one decimal (as the pages show it). */
export const meanRating = (ratings: number[]) => Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10;
