// The magazine finder on /magazine: full-text search over every article and filters by
// section, format and tag, answered by the pagefind index of the built site. Plain script:
// pagefind's own code (and its index) loads only once the reader searches or filters.
import { EMPTY_STATE, FACET_KEYS, isActive, pagefindQuery, searchOfState, stateFromSearch, statusText, type Facets, type FinderState } from './query.ts';

type PagefindResult = { id: string; data: () => Promise<PagefindData> };
type PagefindData = { url: string; excerpt: string; meta: Record<string, string | undefined> };
type Pagefind = {
  options: (o: Record<string, unknown>) => Promise<void>;
  init: () => Promise<void>;
  search: (term: string | null, o: { filters: Record<string, string>; sort?: Record<string, string> }) => Promise<{ results: PagefindResult[] }>;
};

const PAGE = 12;
const PAGEFIND_URL = '/pagefind/pagefind.js';
let pagefind: Promise<Pagefind> | undefined;

function loadPagefind(): Promise<Pagefind> {
  pagefind ??= (async () => {
    const mod = (await import(/* @vite-ignore */ PAGEFIND_URL)) as Pagefind;
    await mod.options({ excerptLength: 28 });
    await mod.init();
    return mod;
  })();
  pagefind.catch(() => (pagefind = undefined));
  return pagefind;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

function card(d: PagefindData): HTMLLIElement {
  const li = document.createElement('li');
  const article = el('article', 'found');
  const href = d.url.replace(/\/$/, '');
  const media = el('div', 'found__media');
  if (d.meta['image']) {
    const img = el('img', '');
    img.src = d.meta['image'];
    img.alt = '';
    img.loading = 'lazy';
    img.decoding = 'async';
    img.width = 640;
    img.height = 427;
    media.append(img);
  }
  const eyebrow = el('p', 'eyebrow', [d.meta['kind'], d.meta['category']].filter(Boolean).join(' · '));
  const h3 = el('h3', 'found__title');
  const a = el('a', '', d.meta['title'] ?? href);
  a.href = href;
  h3.append(a);
  // The excerpt is pagefind's own escaped text with <mark> around the matches.
  const excerpt = el('p', 'found__excerpt');
  excerpt.innerHTML = d.excerpt;
  const meta = el('p', 'found__meta', [d.meta['author'], d.meta['date'], d.meta['minutes'] ? `${d.meta['minutes']} min read` : undefined].filter(Boolean).join(' · '));
  article.append(media, el('div', 'found__body'));
  article.lastElementChild!.append(eyebrow, h3, excerpt, meta);
  li.append(article);
  return li;
}

export function mountFinder(root: HTMLElement): void {
  const form = root.querySelector<HTMLFormElement>('form[data-finder-form]');
  const facetsJson = root.querySelector<HTMLScriptElement>('script[data-finder-facets]');
  const panel = root.querySelector<HTMLElement>('[data-finder-results]');
  const status = root.querySelector<HTMLElement>('[data-finder-status]');
  const list = root.querySelector<HTMLUListElement>('[data-finder-list]');
  const more = root.querySelector<HTMLButtonElement>('[data-finder-more]');
  const clear = root.querySelector<HTMLButtonElement>('[data-finder-clear]');
  const latest = document.querySelector<HTMLElement>('[data-finder-hides]');
  if (!form || !facetsJson || !panel || !status || !list || !more || !clear) return;
  const facets = JSON.parse(facetsJson.textContent ?? '{}') as Facets;
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;

  let run = 0;
  let results: PagefindResult[] = [];
  let shown = 0;

  const read = (): FinderState => ({
    q: field('q')?.value ?? '',
    category: field('category')?.value ?? '',
    kind: field('kind')?.value ?? '',
    tag: field('tag')?.value ?? '',
  });
  const write = (s: FinderState) => {
    for (const k of ['q', ...FACET_KEYS] as const) {
      const f = field(k);
      if (f) f.value = s[k];
    }
  };

  async function showMore() {
    const batch = results.slice(shown, shown + PAGE);
    const mine = run;
    const data = await Promise.all(batch.map((r) => r.data()));
    if (mine !== run) return;
    list!.append(...data.map(card));
    shown += batch.length;
    more!.hidden = shown >= results.length;
  }

  async function search(push: boolean) {
    const state = read();
    const mine = ++run;
    if (push) history.replaceState(null, '', `${location.pathname}${searchOfState(state)}${isActive(state) ? '#find' : ''}`);
    if (!isActive(state)) {
      panel!.hidden = true;
      if (latest) latest.hidden = false;
      list!.replaceChildren();
      return;
    }
    panel!.hidden = false;
    if (latest) latest.hidden = true;
    panel!.setAttribute('aria-busy', 'true');
    status!.textContent = 'Searching…';
    try {
      const pf = await loadPagefind();
      const { term, ...options } = pagefindQuery(state, facets);
      const found = await pf.search(term, options);
      if (mine !== run) return;
      results = found.results;
      shown = 0;
      list!.replaceChildren();
      status!.textContent = statusText(results.length, state, facets);
      await showMore();
    } catch (error) {
      if (mine !== run) return;
      console.error('Magazine search failed', error);
      results = [];
      list!.replaceChildren();
      more!.hidden = true;
      status!.textContent = 'Search is not available right now. Browse the sections and tags below instead.';
    } finally {
      if (mine === run) panel!.removeAttribute('aria-busy');
    }
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  form.addEventListener('input', (e) => {
    if ((e.target as HTMLElement).tagName !== 'INPUT') return;
    clearTimeout(timer);
    timer = setTimeout(() => void search(true), 250);
  });
  form.addEventListener('change', (e) => {
    if ((e.target as HTMLElement).tagName === 'SELECT') void search(true);
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    clearTimeout(timer);
    void search(true);
  });
  // Warm the index while the reader is still typing the first word.
  form.addEventListener('focusin', () => void loadPagefind().catch((e: unknown) => console.warn('Search index not loaded yet', e)), { once: true });
  more.addEventListener('click', () => void showMore());
  clear.addEventListener('click', () => {
    write(EMPTY_STATE);
    void search(true);
    field('q')?.focus();
  });

  const initial = stateFromSearch(location.search, facets);
  if (isActive(initial)) {
    write(initial);
    void search(false);
  }
}

const root = document.querySelector<HTMLElement>('[data-finder]');
if (root) mountFinder(root);
