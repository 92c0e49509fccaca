// The search text field as an ARIA 1.2 combobox with its suggestion panel (spec §2, §4, §9).
// Empty text: 'Search History' chips (with 'clear all'), 'Top Countries' (desktop only) and
// 'Top Cities'. Typed text: countries and cities first, then activities and collections, each
// with image, highlighted name and subtitle; 'Oops! No results found.'; 'Couldn't search with …'.
// Arrow keys move through the options (aria-activedescendant), Enter picks the active one or
// commits the text, Escape closes the panel.
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { SearchResult } from '../../contract/search.ts';
import { highlightParts, normalizeSearchText, resultHref, resultSubtitle, truncateName, type TopPlace } from '../../lib/search-bar.ts';
import { $searchHistory, clearSearchHistory } from '../../stores/search-history.ts';
import { useSuggestions } from './use-suggestions.ts';

type Item =
  | { kind: 'history'; key: string; text: string }
  | { kind: 'place'; key: string; place: TopPlace }
  | { kind: 'result'; key: string; result: SearchResult };

type Props = {
  text: string;
  onText: (text: string) => void;
  /** Enter or a history chip: search for this text. */
  onCommit: (text: string) => void;
  /** A country or city from the results: it becomes the search's record. */
  onPickPlace: (result: SearchResult) => void;
  /** A link suggestion (activity, collection, top country or city): go there. */
  onGo: (href: string, remember: boolean) => void;
  topCountries: TopPlace[];
  topCities: TopPlace[];
  /** Small screens: names truncated to 38 characters, no 'Top Countries'. */
  small: boolean;
  /** In the modal the panel is part of the page, always shown; on desktop it drops down. */
  inline: boolean;
  autoFocus?: boolean;
  inputClassName?: string;
  children?: ReactNode;
};

const PLACEHOLDER = 'Search destination or experience';

export default function SearchField({ text, onText, onCommit, onPickPlace, onGo, topCountries, topCities, small, inline, autoFocus, inputClassName }: Props) {
  const id = useId();
  const listId = `${id}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(inline);
  const [active, setActive] = useState(-1);
  const history = useStore($searchHistory);
  const suggestions = useSuggestions(text);
  const q = normalizeSearchText(text);

  // The field was server-rendered: what was typed or autofilled before the island hydrated
  // reaches `text` through client:interaction's field adoption (docs/decisions/0017). The input
  // is uncontrolled for that reason; later changes of `text` from outside (Clear All, a history
  // chip) are copied into it.
  const hydrated = useRef(false);
  // An Escape that React handled before this first effect ran (a key pressed during the hand-over
  // is replayed to the new handlers): the page's aria-expanded still says "true", because
  // hydration keeps the server's attributes, but the visitor has closed the panel.
  const escaped = useRef(false);
  useEffect(() => {
    if (!hydrated.current) {
      hydrated.current = true;
      if (autoFocus) inputRef.current?.focus();
      // Focused before hydration: client:interaction showed the panel (docs/decisions/0027) unless
      // Escape or a press outside closed it again; the state follows what the page shows.
      if (!escaped.current && inputRef.current && document.activeElement === inputRef.current && inputRef.current.getAttribute('aria-expanded') === 'true') setOpen(true);
      return;
    }
    if (inputRef.current && inputRef.current.value !== text) inputRef.current.value = text;
  }, [text, onText, autoFocus]);

  // The top places, shown under an empty field (and, hidden, as the panel's early copy below).
  const places: Item[] = useMemo(
    () => [...(small ? [] : topCountries.map((p): Item => ({ kind: 'place', key: `tc:${p.href}`, place: p }))), ...topCities.map((p): Item => ({ kind: 'place', key: `tcity:${p.href}`, place: p }))],
    [small, topCountries, topCities],
  );

  const items: Item[] = useMemo(() => {
    if (!q) return [...history.map((h): Item => ({ kind: 'history', key: `h:${h}`, text: h })), ...places];
    if (suggestions.status !== 'done' || suggestions.q !== q) return [];
    return [...suggestions.data.countriesCities, ...suggestions.data.results].map((r): Item => ({ kind: 'result', key: `r:${r.type}:${r.id}`, result: r }));
  }, [q, history, places, suggestions]);

  useEffect(() => setActive(-1), [items]);

  useEffect(() => {
    if (!open || inline) return;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, inline]);

  const optionId = (i: number) => `${id}-opt-${i}`;
  const activeItem = active >= 0 ? items[active] : undefined;

  useEffect(() => {
    if (active >= 0) document.getElementById(`${id}-opt-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, id]);

  const choose = (item: Item) => {
    if (item.kind === 'history') {
      onText(item.text);
      onCommit(item.text);
    } else if (item.kind === 'place') {
      onGo(item.place.href, false);
    } else if (item.result.type === 'Country' || item.result.type === 'City') {
      onPickPlace(item.result);
      if (!inline) setOpen(false);
    } else {
      onGo(resultHref(item.result), true);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!open) {
          setOpen(true);
          return;
        }
        if (items.length === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((i) => (i < 0 ? (step > 0 ? 0 : items.length - 1) : (i + step + items.length) % items.length));
        return;
      }
      case 'Enter':
        event.preventDefault();
        if (open && activeItem) choose(activeItem);
        else onCommit(text);
        return;
      case 'Escape':
        escaped.current = true;
        if (open && !inline) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setActive(-1);
        } else if (inline && active >= 0) {
          event.preventDefault();
          event.stopPropagation();
          setActive(-1);
        }
        return;
      default:
    }
  };

  const showPanel = open || inline;
  // Closed, the field keeps a hidden copy of the empty-text panel (top places, no history: the
  // same on the server and at hydration), which client:interaction shows on the focus that wakes
  // the island (docs/decisions/0027) until React renders the real one.
  const panel = showPanel ? renderPanel(items, q) : renderPanel(places, '', true);

  function option(item: Item, i: number, content: ReactNode, className: string) {
    return (
      <li
        key={item.key}
        id={optionId(i)}
        role="option"
        aria-selected={i === active}
        className={`${className}${i === active ? ' is-active' : ''}`}
        onPointerDown={(e) => e.preventDefault()}
        onClick={() => choose(item)}
        onPointerMove={() => setActive(i)}
      >
        {content}
      </li>
    );
  }

  function renderPanel(items: Item[], q: string, early = false) {
    if (!q) {
      const hist = items.filter((x) => x.kind === 'history');
      const countries = small ? [] : items.filter((x) => x.kind === 'place' && x.key.startsWith('tc:'));
      const cities = items.filter((x) => x.kind === 'place' && x.key.startsWith('tcity:'));
      let i = 0;
      return (
        <div className="sb-panel" data-testid={early ? undefined : 'search-suggestions'} hidden={early || undefined}>
          {hist.length > 0 ? (
            <div className="sb-panel__head">
              <h3 className="sb-panel__title" id={`${id}-hist`}>
                Search History
              </h3>
              <button type="button" className="sb-link" onClick={() => clearSearchHistory()} onPointerDown={(e) => e.preventDefault()}>
                clear all
              </button>
            </div>
          ) : null}
          <ul className="sb-panel__list" role="listbox" id={listId} aria-label="Search suggestions">
            {hist.length > 0 ? (
              <li role="none" className="sb-group">
                <ul role="group" aria-labelledby={`${id}-hist`} className="sb-chips">
                  {hist.map((item) => option(item, i++, item.kind === 'history' ? item.text : null, 'sb-chip'))}
                </ul>
              </li>
            ) : null}
            {countries.length > 0 ? (
              <li role="none" className="sb-group sb-group--countries">
                <div className="sb-panel__title" id={`${id}-countries`}>
                  Top Countries
                </div>
                <ul role="group" aria-labelledby={`${id}-countries`} className="sb-chips">
                  {countries.map((item) => option(item, i++, item.kind === 'place' ? item.place.name : null, 'sb-chip'))}
                </ul>
              </li>
            ) : null}
            {cities.length > 0 ? (
              <li role="none" className="sb-group">
                <div className="sb-panel__title" id={`${id}-cities`}>
                  Top Cities
                </div>
                <ul role="group" aria-labelledby={`${id}-cities`} className="sb-cities">
                  {cities.map((item) =>
                    option(
                      item,
                      i++,
                      item.kind === 'place' ? (
                        <>
                          <Thumb url={item.place.imageUrl} />
                          <span className="sb-city__text">
                            <span className="sb-city__name">{item.place.name}</span>
                            {item.place.detail ? <span className="sb-city__detail">{item.place.detail}</span> : null}
                          </span>
                        </>
                      ) : null,
                      'sb-city',
                    ),
                  )}
                </ul>
              </li>
            ) : null}
          </ul>
        </div>
      );
    }
    return (
      <div className="sb-panel" data-testid="search-suggestions">
        <ul className="sb-panel__list sb-results" role="listbox" id={listId} aria-label="Search results" aria-busy={suggestions.status !== 'done' && suggestions.status !== 'error'}>
          {items.map((item, i) => {
            if (item.kind !== 'result') return null;
            const r = item.result;
            const shown = small ? truncateName(r.name) : r.name;
            return option(
              item,
              i,
              <>
                <Thumb url={r.imageUrl} />
                <span className="sb-result__text">
                  <span className="sb-result__name" {...(shown !== r.name ? { title: r.name } : {})}>
                    {shown !== r.name ? <span className="visually-hidden">{r.name}</span> : null}
                    <span aria-hidden={shown !== r.name ? true : undefined}>
                      {highlightParts(shown, q).map((p, k) => (p.match ? <mark key={k}>{p.text}</mark> : <span key={k}>{p.text}</span>))}
                    </span>
                  </span>
                  <span className="sb-result__sub">{resultSubtitle(r)}</span>
                </span>
              </>,
              'sb-result',
            );
          })}
        </ul>
        <div className="sb-status" role="status">
          {suggestions.status === 'error' && suggestions.q === q ? (
            <div className="sb-status__error">{suggestions.message}</div>
          ) : suggestions.status === 'done' && suggestions.q === q && items.length === 0 ? (
            <div className="sb-status__empty">Oops! No results found.</div>
          ) : suggestions.status !== 'done' || suggestions.q !== q ? (
            <div className="sb-status__loading">Searching…</div>
          ) : (
            <span className="visually-hidden">{`${items.length} suggestions`}</span>
          )}
        </div>
      </div>
    );
  }

  return (
    <div className={`sb-combo${inline ? ' sb-combo--inline' : ''}`} ref={rootRef}>
      <svg className="sb-combo__icon" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.75" aria-hidden="true" focusable="false">
        <circle cx="11" cy="11" r="7" />
        <path d="m20 20-3.5-3.5" strokeLinecap="round" />
      </svg>
      <input
        ref={inputRef}
        className={inputClassName ?? 'sb-input'}
        type="search"
        name="q"
        role="combobox"
        aria-label={PLACEHOLDER}
        aria-autocomplete="list"
        aria-expanded={showPanel}
        aria-controls={listId}
        aria-activedescendant={activeItem ? optionId(active) : undefined}
        placeholder={PLACEHOLDER}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
        defaultValue={text}
        onChange={(e) => {
          onText(e.currentTarget.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      {panel}
    </div>
  );
}

function Thumb({ url }: { url: string | null }) {
  return url ? <img className="sb-thumb" src={url} alt="" width={48} height={48} loading="lazy" decoding="async" /> : <span className="sb-thumb sb-thumb--empty" aria-hidden="true" />;
}
