// Content collections of the storefront's own files: the information pages' Markdown
// (src/content/info) and the list of page files. The pulled content (content-cache/: records and
// site singletons) is not a collection: pages read it at render time through
// src/components/content-records.ts (ADR 0049), so a kept render bundle shows each publish.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defineCollection } from 'astro:content';
import { z } from 'zod';
import { glob, type Loader } from 'astro/loaders';
import { InfoFrontMatterSchema } from './components/info/info-content.ts';

/**
 * The page files under src/pages, one entry per file (id: its path there), so links and the
 * sitemap can name only pages the build produces, including ones added later.
 */
function pageFiles(): Loader {
  return {
    name: 'verdant-page-files',
    load: async ({ store, parseData, generateDigest }) => {
      store.clear();
      const dir = join(import.meta.dirname, 'pages');
      const files = (readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[])
        .map((f) => f.replace(/\\/g, '/'))
        .filter((f) => /\.(astro|md|mdx|ts|js)$/.test(f) && !/(^|\/)_/.test(f) && !/\.test\.[jt]sx?$/.test(f))
        .sort();
      for (const file of files) {
        const data = await parseData({ id: file, data: { file } });
        store.set({ id: file, data, digest: generateDigest(data) });
      }
    },
  };
}

export const collections = {
  /** Information pages: `src/content/info/<route>.md` (README.md describes the front matter). */
  info: defineCollection({
    loader: glob({ base: pathToFileURL(join(import.meta.dirname, 'content/info') + '/'), pattern: ['*.md', '!README.md'] }),
    schema: InfoFrontMatterSchema,
  }),
  pageFiles: defineCollection({ loader: pageFiles(), schema: z.object({ file: z.string() }) }),
};
