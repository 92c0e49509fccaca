// Full-text results from the pagefind index of the built site (ADR 8): landing pages,
// experiences and magazine articles that opted in, for the search text of /search. Pagefind's
// code and index load only when there is a text to search for.
type PagefindData = { url: string; excerpt: string; meta: Record<string, string | undefined>; filters: Record<string, string[] | undefined> };
type Pagefind = {
  options: (o: Record<string, unknown>) => Promise<void>;
  init: () => Promise<void>;
  search: (term: string) => Promise<{ results: { id: string; data: () => Promise<PagefindData> }[] }>;
};

const PAGEFIND_URL = '/pagefind/pagefind.js';
const SHOWN = 6;
const TYPE_LABELS: Record<string, string> = { article: 'Field Notes', landing: 'Experiences', experience: 'Experience' };

export async function showPageResults(section: HTMLElement, q: string): Promise<void> {
  const list = section.querySelector<HTMLUListElement>('[data-pages-list]');
  const status = section.querySelector<HTMLElement>('[data-pages-status]');
  if (!list || !status) return;
  section.hidden = false;
  section.setAttribute('aria-busy', 'true');
  try {
    const pagefind = (await import(/* @vite-ignore */ PAGEFIND_URL)) as Pagefind;
    await pagefind.options({ excerptLength: 24 });
    await pagefind.init();
    const { results } = await pagefind.search(q);
    const shown = await Promise.all(results.slice(0, SHOWN).map((r) => r.data()));
    list.replaceChildren(
      ...shown.map((d) => {
        const li = document.createElement('li');
        li.className = 'page-hit';
        const eyebrow = document.createElement('p');
        eyebrow.className = 'page-hit__type';
        eyebrow.textContent = TYPE_LABELS[d.filters['type']?.[0] ?? ''] ?? 'Page';
        const a = document.createElement('a');
        a.href = d.url.replace(/\/$/, '') || '/';
        a.className = 'page-hit__title';
        a.textContent = d.meta['title'] ?? a.href;
        const excerpt = document.createElement('p');
        excerpt.className = 'page-hit__excerpt';
        // pagefind's own escaped text with <mark> around the matches
        excerpt.innerHTML = d.excerpt;
        li.append(eyebrow, a, excerpt);
        return li;
      }),
    );
    status.textContent = results.length === 0 ? `No pages mention “${q}”.` : `${results.length} page${results.length === 1 ? '' : 's'} mention “${q}”${results.length > SHOWN ? `; the ${SHOWN} best matches:` : ':'}`;
  } catch (err) {
    console.error('Full-text search failed', err);
    status.textContent = `Couldn't search with “${q}”: the page index is not available.`;
  } finally {
    section.removeAttribute('aria-busy');
  }
}
