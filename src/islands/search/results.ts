// The filter-aware results list of /search and the landing pages: filter bar (facets with
// counts from GET /filter), tabs, sort, cards (cloned from a card the build rendered, so they
// look exactly like the static listing cards), pagination and the no-results text. The state
// lives in the URL (see state.ts). Plain DOM, no framework: it loads only when needed.
import { request, errorMessage } from '../../api-client/client.ts';
import type { Pagination } from '../../contract/common.ts';
import type { FacetValue, FilterResponse, OptionSummary } from '../../contract/options.ts';
import { priceRangeText, parsePriceRange, type ListKey } from '../../lib/filter-keys.ts';
import { formatDuration } from '../../lib/format-duration.ts';
import { responsiveImage } from '../../lib/format-image.ts';
import { KIND_LABELS, priceBasis } from '../../lib/format-listing.ts';
import { formatMoney } from '../../lib/format-money.ts';
import { ratingLabel } from '../../lib/rating.ts';
import { readCurrencyCookie } from '../../stores/currency-cookie.ts';
import { applyCurrency, readCurrencyData } from '../currency-picker/apply-prices.ts';
import { keepIconSymbols } from '../icon-symbols.ts';
import { apiQuery, clearedState, filterCount, hasFilters, readState, stateQuery, type SearchState } from './state.ts';

type ListAnswer = { options: OptionSummary[]; pagination: Pagination };

const $ = <T extends Element = HTMLElement>(root: ParentNode, sel: string) => root.querySelector<T>(sel);

function currentCurrency(): string {
  return readCurrencyCookie(document.cookie) ?? readCurrencyData()?.defaultCurrency ?? 'USD';
}

function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else e.setAttribute(k, v);
  }
  e.append(...children);
  return e;
}

/** Copies Astro's scoped-style attributes (data-astro-cid-*) so new elements get the card's styles. */
function scopeLike(from: Element, to: Element): void {
  for (const a of from.attributes) if (a.name.startsWith('data-astro-cid')) to.setAttribute(a.name, a.value);
}

/** One card from the build's template card, filled with this option. */
export function renderCard(template: HTMLTemplateElement, o: OptionSummary): HTMLElement {
  const node = template.content.firstElementChild!.cloneNode(true) as HTMLElement;
  const img = $<HTMLImageElement>(node, '.option-card__media img');
  if (o.image && img) {
    const r = responsiveImage(o.image);
    img.src = r.src;
    img.srcset = r.srcset;
    img.width = r.width;
    img.height = r.height;
    img.alt = '';
  } else if (img) {
    const blank = h('div', { class: 'option-card__blank' });
    scopeLike(img, blank);
    img.replaceWith(blank);
  }
  const eyebrow = $(node, '.option-card__eyebrow');
  if (eyebrow) eyebrow.textContent = `${o.city.name} · ${o.activityType?.name ?? KIND_LABELS[o.kind]}`;
  const link = $<HTMLAnchorElement>(node, '.option-card__name a');
  if (link) {
    link.href = `/experiences/${encodeURIComponent(o.slugCode)}`;
    link.textContent = o.name;
  }
  const rating = $(node, '.rating');
  if (rating) {
    const { average, count } = o.rating;
    if (average !== null && count > 0) {
      const strong = $(rating, 'strong');
      const countEl = $(rating, '.rating__count');
      if (strong) strong.textContent = average.toFixed(1);
      if (countEl) countEl.textContent = `(${count.toLocaleString('en-GB')})`;
      rating.setAttribute('aria-label', ratingLabel(average, count));
    } else {
      const fresh = h('span', { class: 'rating rating--new' }, 'New on Verdant');
      scopeLike(rating, fresh);
      rating.replaceWith(fresh);
    }
  }
  const duration = $(node, '.option-card__duration');
  const text = formatDuration(o);
  if (duration) {
    if (text) duration.lastChild!.textContent = text;
    else duration.remove();
  }
  const priceLine = $(node, '.option-card__price');
  const price = priceLine && $(priceLine, '[data-price-amount]');
  if (priceLine && price && o.fromPrice) {
    price.dataset['priceAmount'] = String(o.fromPrice.amount);
    price.dataset['priceCurrency'] = o.fromPrice.currency;
    delete price.dataset['priceShown'];
    price.removeAttribute('title');
    const format = readCurrencyData()?.currencies.find((c) => c.code === o.fromPrice!.currency);
    price.textContent = format ? formatMoney(o.fromPrice, format, { trimWholeDecimals: true }) : `${o.fromPrice.currency} ${o.fromPrice.amount}`;
    const basis = $(priceLine, '.option-card__basis');
    if (basis) basis.textContent = priceBasis(o.priceUnit, o.kind);
  } else priceLine?.remove();
  return node;
}

/** Page links: first, last, the current one and its neighbours, with gaps marked. */
export function pageNumbers(current: number, total: number): (number | null)[] {
  const wanted = new Set([1, total, current - 1, current, current + 1].filter((p) => p >= 1 && p <= total));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const p of sorted) {
    const last = out[out.length - 1];
    if (typeof last === 'number' && p - last > 1) out.push(null);
    out.push(p);
  }
  return out;
}

const LIST_GROUPS: ListKey[] = ['activity_type', 'time', 'durations', 'suitable_for', 'child_age', 'trip_type', 'sustainability', 'location_ids', 'city_ids', 'kind'];
const FACET_OF: Record<ListKey, keyof FilterResponse> = {
  kind: 'kind',
  activity_type: 'activityType',
  time: 'time',
  location_ids: 'locationIds',
  city_ids: 'cityIds',
  suitable_for: 'suitableFor',
  child_age: 'childAge',
  durations: 'durations',
  trip_type: 'tripType',
  sustainability: 'sustainability',
};

export function mountResults(root: HTMLElement): void {
  const form = $<HTMLFormElement>(root, '[data-filter-form]');
  const list = $<HTMLUListElement>(root, '[data-list]');
  const status = $(root, '[data-status]');
  const error = $(root, '[data-error]');
  const empty = $(root, '[data-empty]');
  const pager = $(root, '[data-pager]');
  const template = $<HTMLTemplateElement>(root, 'template[data-card-template]');
  if (!form || !list || !status || !error || !empty || !pager || !template) return;
  // The cards' icon shapes outlive the cards (icon-symbols.ts): the list's are replaced, the
  // template's cloned.
  keepIconSymbols(template.content, list);
  const scope = JSON.parse(root.dataset['scope'] ?? '{}') as Record<string, string>;
  const per = root.dataset['per'] ?? '24';
  const noun = (n: number) => `${n.toLocaleString('en-GB')} ${n === 1 ? 'experience' : 'experiences'}`;

  let state: SearchState = readState(location.search);
  let run = 0;
  let controller: AbortController | undefined;

  const commit = (next: SearchState, opts: { scroll?: boolean } = {}) => {
    state = next;
    const qs = stateQuery(state);
    history.pushState(null, '', `${location.pathname}${qs ? `?${qs}` : ''}${location.hash}`);
    void load();
    if (opts.scroll) root.scrollIntoView({ block: 'start' });
  };

  function renderPager(p: Pagination) {
    pager!.replaceChildren();
    if (p.totalPages <= 1) return;
    const link = (page: number, label: string, attrs: Record<string, string> = {}) => {
      const qs = stateQuery({ ...state, page });
      return h('a', { href: `${location.pathname}${qs ? `?${qs}` : ''}`, 'data-page': String(page), class: 'pager__link', ...attrs }, label);
    };
    const items: HTMLElement[] = [];
    if (p.prevPage) items.push(link(p.prevPage, 'Previous', { rel: 'prev' }));
    for (const n of pageNumbers(p.currentPage, p.totalPages)) {
      if (n === null) items.push(h('span', { class: 'pager__gap', 'aria-hidden': 'true' }, '…'));
      else if (n === p.currentPage) items.push(h('span', { class: 'pager__link pager__link--current', 'aria-current': 'page' }, String(n)));
      else items.push(link(n, String(n), { 'aria-label': `Page ${n}` }));
    }
    if (p.nextPage) items.push(link(p.nextPage, 'Next', { rel: 'next' }));
    pager!.append(...items);
  }

  function listGroup(key: ListKey, values: FacetValue[]) {
    const details = $<HTMLDetailsElement>(form!, `[data-group="${key}"]`);
    const panel = details && $(details, '[data-panel]');
    if (!details || !panel) return;
    const chosen = state.lists[key];
    details.hidden = values.length === 0 && chosen.length === 0;
    const badge = $(details, '[data-badge]');
    if (badge) badge.textContent = chosen.length ? ` (${chosen.length})` : '';
    panel.replaceChildren(
      ...values.map((v) => {
        const input = h('input', { type: 'checkbox', name: key, value: v.value });
        input.checked = chosen.includes(v.value);
        input.disabled = v.count === 0 && !input.checked;
        return h('label', { class: 'filter-option' }, input, h('span', { class: 'filter-option__label' }, v.label), h('span', { class: 'filter-option__count' }, String(v.count)));
      }),
    );
  }

  function priceGroup(f: FilterResponse) {
    const details = $<HTMLDetailsElement>(form!, '[data-group="prices"]');
    const panel = details && $(details, '[data-panel]');
    if (!details || !panel) return;
    const code = state.single.prices && state.currency ? state.currency : currentCurrency();
    const range = parsePriceRange(state.single.prices ?? '') ?? {};
    const badge = $(details, '[data-badge]');
    if (badge) badge.textContent = state.single.prices ? ' (1)' : '';
    const input = (name: string, label: string, value: number | undefined, placeholder: number | undefined) =>
      h(
        'label',
        { class: 'filter-price__field' },
        h('span', {}, `${label} (${code})`),
        h('input', { type: 'number', name, min: '0', step: 'any', inputmode: 'decimal', value: value === undefined ? '' : String(value), placeholder: placeholder === undefined ? '' : String(placeholder) }),
      );
    const bounds = f.priceRange.min?.currency === code ? f.priceRange : { min: null, max: null };
    panel.replaceChildren(
      h(
        'div',
        { class: 'filter-price' },
        input('price_min', 'Min', range.min, bounds.min?.amount),
        input('price_max', 'Max', range.max, bounds.max?.amount),
        h('button', { type: 'button', class: 'button filter-price__apply', 'data-apply-prices': '' }, 'Apply'),
      ),
      h('p', { class: 'filter-price__hint', 'data-price-hint': '' }),
    );
  }

  function renderFacets(f: FilterResponse) {
    for (const key of LIST_GROUPS) listGroup(key, f[FACET_OF[key]] as FacetValue[]);
    priceGroup(f);
    for (const button of form!.querySelectorAll<HTMLButtonElement>('[data-tab]')) {
      const value = button.dataset['tab'] ?? 'all';
      const facet = f.tab.find((t) => t.value === value);
      button.setAttribute('aria-pressed', String((state.single.tab ?? 'all') === value));
      const count = $(button, '[data-tab-count]');
      if (count && facet) count.textContent = ` ${facet.count}`;
    }
  }

  function syncControls() {
    const sort = $<HTMLSelectElement>(form!, 'select[name="sort_by"]');
    if (sort) sort.value = state.single.sort_by ?? 'recommended';
    const clear = $(form!, '[data-clear]');
    if (clear) clear.hidden = filterCount(state) === 0;
  }

  /** `facetsOnly`: the build's first page is on screen already; only the filter bar needs data. */
  async function load(facetsOnly = false) {
    const mine = ++run;
    controller?.abort();
    controller = new AbortController();
    const { signal } = controller;
    root.setAttribute('aria-busy', 'true');
    syncControls();
    const currency = state.single.prices && state.currency ? {} : { currency: currentCurrency() };
    try {
      const [answer, facets] = await Promise.all([
        facetsOnly ? undefined : request<ListAnswer>(`/options?${apiQuery(state, scope, { per, page: String(state.page) })}`, { signal }),
        request<FilterResponse>(`/filter?${apiQuery(state, scope, currency)}`, { signal }),
      ]);
      if (mine !== run) return;
      error!.hidden = true;
      renderFacets(facets.data);
      if (!answer) return;
      const { options, pagination } = answer.data;
      list!.replaceChildren(...options.map((o) => renderCard(template!, o)));
      const data = readCurrencyData();
      if (data) applyCurrency(currentCurrency(), data, list!);
      const q = state.search.q;
      status!.textContent = pagination.totalCount === 0 ? '' : `${noun(pagination.totalCount)}${q ? ` for “${q}”` : ''}`;
      empty!.hidden = pagination.totalCount > 0 || options.length > 0;
      renderPager(pagination);
    } catch (err) {
      if (signal.aborted || mine !== run) return;
      console.error('Loading the results failed', err);
      error!.textContent = `Couldn't load experiences: ${errorMessage(err)}`;
      error!.hidden = false;
    } finally {
      if (mine === run) {
        root.removeAttribute('aria-busy');
        // The list may now be empty for good (no results, an error): stop holding its space.
        if (!facetsOnly) list!.dataset['settled'] = '';
      }
    }
  }

  form.addEventListener('change', (event) => {
    const target = event.target as HTMLInputElement | HTMLSelectElement;
    const key = target.name as ListKey | 'sort_by';
    if (key === 'sort_by') {
      const single = { ...state.single };
      if (target.value === 'recommended') delete single.sort_by;
      else single.sort_by = target.value;
      commit({ ...state, single, page: 1 });
      return;
    }
    if (!(key in state.lists) || !(target instanceof HTMLInputElement)) return;
    const values = state.lists[key].filter((v) => v !== target.value);
    if (target.checked) values.push(target.value);
    commit({ ...state, lists: { ...state.lists, [key]: values }, page: 1 });
  });

  const applyPrices = () => {
    const num = (name: string) => {
      const v = (form.elements.namedItem(name) as HTMLInputElement | null)?.value.trim() ?? '';
      return v === '' ? undefined : Math.max(0, Math.round(Number(v) * 100) / 100);
    };
    const min = num('price_min');
    const max = num('price_max');
    const hint = $(form, '[data-price-hint]');
    const single = { ...state.single };
    if (min === undefined && max === undefined) delete single.prices;
    else {
      const text = priceRangeText({ ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) });
      if (Number.isNaN(min) || Number.isNaN(max) || !parsePriceRange(text)) {
        if (hint) hint.textContent = 'Enter a minimum no higher than the maximum.';
        return;
      }
      single.prices = text;
    }
    if (hint) hint.textContent = '';
    commit({ ...state, single, currency: currentCurrency(), page: 1 });
  };

  form.addEventListener('click', (event) => {
    const target = (event.target as HTMLElement).closest<HTMLElement>('[data-tab], [data-clear], [data-apply-prices]');
    if (!target) return;
    if (target.matches('[data-apply-prices]')) return applyPrices();
    if (target.matches('[data-clear]')) return commit(clearedState(state));
    const single = { ...state.single };
    const tab = target.dataset['tab'];
    if (!tab || tab === 'all') delete single.tab;
    else single.tab = tab;
    commit({ ...state, single, page: 1 });
  });

  // Enter in a price field applies the range instead of submitting the form.
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if ((event.submitter ?? document.activeElement)?.closest('[data-group="prices"]')) applyPrices();
  });

  pager.addEventListener('click', (event) => {
    const a = (event.target as HTMLElement).closest<HTMLAnchorElement>('a[data-page]');
    if (!a || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    commit({ ...state, page: Number(a.dataset['page']) }, { scroll: true });
  });

  // One open filter panel at a time; Escape closes it.
  form.addEventListener('toggle', (event) => {
    const opened = event.target as HTMLDetailsElement;
    if (opened.open) for (const d of form.querySelectorAll('details[open]')) if (d !== opened) d.removeAttribute('open');
  }, true);
  form.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const open = (event.target as HTMLElement).closest('details[open]');
    if (open) {
      open.removeAttribute('open');
      $<HTMLElement>(open, 'summary')?.focus();
    }
  });
  document.addEventListener('pointerdown', (event) => {
    for (const d of form.querySelectorAll('details[open]')) if (!d.contains(event.target as Node)) d.removeAttribute('open');
  });

  window.addEventListener('popstate', () => {
    state = readState(location.search);
    void load();
  });

  // A sort chosen while this code was loading counts.
  const sort = $<HTMLSelectElement>(form, 'select[name="sort_by"]');
  if (sort && sort.value !== (state.single.sort_by ?? 'recommended')) {
    if (sort.value !== 'recommended') state = { ...state, single: { ...state.single, sort_by: sort.value }, page: 1 };
    history.replaceState(null, '', `${location.pathname}?${stateQuery(state)}`);
  }
  root.dataset['ready'] = '';
  void load(root.dataset['prerendered'] !== undefined && !hasFilters(state));
}
