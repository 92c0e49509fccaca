// The global search bar (spec §2 Search bar, §4 Search, §5, §9). Server-rendered at build, so
// the closed bar is plain HTML (a GET form to /search that works before any JavaScript); the
// island hydrates on the first focus, hover or tap (client:interaction, ADR 0005).
// Wide screens: text field with its suggestion panel, and popovers for dates and guests.
// Small screens: one button that opens the modal titled 'Search' with 'Clear All'.
// Committing (Enter, the button or a history chip) stores the text in the search history and
// goes by GET to /search with q, prev_path, a picked place as record_* and the filter params.
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { SearchResult } from '../../contract/search.ts';
import {
  NO_GUESTS,
  decodeTopPlaces,
  dateWindow,
  formatRange,
  guestsLabel,
  localToday,
  normalizeSearchText,
  searchHref,
  type DateRange,
  type Guests,
  type SearchRecord,
} from '../../lib/search-bar.ts';
import { loadSearchHistory, rememberSearch } from '../../stores/search-history.ts';
import { setUpModal } from '../overlays/modal.ts';
import DatesPicker from './DatesPicker.tsx';
import GuestsPicker from './GuestsPicker.tsx';
import SearchField from './SearchField.tsx';
import './search-bar.css';

type Props = {
  /** 'hero': the home page's large bar; 'header': the compact bar of the site header. */
  variant: 'hero' | 'header';
  /**
   * The panel's top places (encodeTopPlaces): countries (desktop only), Singapore first then by
   * option count; six cities, by orders.
   */
  places: string;
};

const SMALL = '(max-width: 768px)';
const NO_DATES: DateRange = { start: null, end: null };

function useMedia(query: string): boolean {
  const [matches, setMatches] = useState(false);
  useEffect(() => {
    const m = window.matchMedia(query);
    setMatches(m.matches);
    const on = () => setMatches(m.matches);
    m.addEventListener('change', on);
    return () => m.removeEventListener('change', on);
  }, [query]);
  return matches;
}

const go = (href: string) => window.location.assign(href);

export default function SearchBar({ variant, places }: Props) {
  const { topCountries, topCities } = useMemo(() => decodeTopPlaces(places), [places]);
  const [text, setText] = useState('');
  const [record, setRecord] = useState<SearchRecord | null>(null);
  const [dates, setDates] = useState<DateRange>(NO_DATES);
  const [guests, setGuests] = useState<Guests>(NO_GUESTS);
  const [popover, setPopover] = useState<'dates' | 'guests' | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  const small = useMedia(SMALL);
  const win = useMemo(() => dateWindow(localToday()), []);
  const id = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);

  useEffect(() => loadSearchHistory(), []);

  const onText = useCallback((value: string) => {
    setText(value);
    setRecord((r) => (r && normalizeSearchText(value) !== r.name ? null : r));
  }, []);

  const commit = (q: string) => {
    const t = normalizeSearchText(q);
    if (!t) return; // spec §4: empty (trimmed) text does nothing
    rememberSearch(t);
    go(searchHref({ text: t, prevPath: window.location.pathname + window.location.search, record: record && record.name === t ? record : null, dates, guests }));
  };

  const onPickPlace = (r: SearchResult) => {
    setText(r.name);
    setRecord({ id: r.id, type: r.type, name: r.name });
  };

  const onGo = (href: string, remember: boolean) => {
    if (remember) rememberSearch(text);
    go(href);
  };

  const closeModal = useCallback(() => setModalOpen(false), []);
  const openDates = useCallback((o: boolean) => setPopover(o ? 'dates' : null), []);
  const openGuests = useCallback((o: boolean) => setPopover(o ? 'guests' : null), []);

  const clearAll = () => {
    setText('');
    setRecord(null);
    setDates(NO_DATES);
    setGuests(NO_GUESTS);
  };

  const field = (inline: boolean, autoFocus: boolean) => (
    <SearchField
      text={text}
      onText={onText}
      onCommit={commit}
      onPickPlace={onPickPlace}
      onGo={onGo}
      topCountries={topCountries}
      topCities={topCities}
      small={small}
      inline={inline}
      autoFocus={autoFocus}
    />
  );

  const datesText = formatRange(dates);
  const guestsText = guestsLabel(guests);

  return (
    <div className={`sb sb--${variant}`}>
      <form
        className="sb-bar"
        role="search"
        aria-label="Search experiences"
        action="/search"
        method="get"
        onSubmit={(e) => {
          e.preventDefault();
          commit(text);
        }}
      >
        <div className="sb-bar__text">{modalOpen ? null : field(false, false)}</div>
        <Popover
          name="dates"
          open={popover === 'dates'}
          onOpen={openDates}
          label="Dates"
          value={datesText || 'Add dates'}
          filled={Boolean(datesText)}
          dialogLabel="Choose dates"
          id={`${id}-dates`}
        >
          <DatesPicker window={win} range={dates} onChange={setDates} onDone={() => setPopover(null)} />
        </Popover>
        <Popover
          name="guests"
          open={popover === 'guests'}
          onOpen={openGuests}
          label="Guests"
          value={guestsText || 'Add guests'}
          filled={Boolean(guestsText)}
          dialogLabel="Choose guests"
          id={`${id}-guests`}
        >
          <GuestsPicker guests={guests} onChange={setGuests} onDone={() => setPopover(null)} />
        </Popover>
        <button type="submit" className="sb-bar__submit">
          <SearchIcon />
          <span className="sb-bar__submit-text">Search</span>
        </button>
      </form>

      <button
        ref={triggerRef}
        type="button"
        className="sb-trigger"
        aria-haspopup="dialog"
        aria-expanded={modalOpen}
        aria-controls={`${id}-modal`}
        onClick={() => setModalOpen(true)}
      >
        <SearchIcon />
        <span className="sb-trigger__text">{text || 'Search destination or experience'}</span>
      </button>

      <SearchModal id={`${id}-modal`} open={modalOpen} opener={triggerRef} onClose={closeModal} onClearAll={clearAll} onSubmit={() => commit(text)}>
        {field(true, true)}
        <ModalSection title="Dates" value={datesText || 'Add dates'}>
          <DatesPicker window={win} range={dates} onChange={setDates} />
        </ModalSection>
        <ModalSection title="Guests" value={guestsText || 'Add guests'}>
          <GuestsPicker guests={guests} onChange={setGuests} />
        </ModalSection>
      </SearchModal>
    </div>
  );
}

function SearchIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.75" aria-hidden="true" focusable="false">
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" strokeLinecap="round" />
    </svg>
  );
}

type PopoverProps = {
  name: string;
  open: boolean;
  onOpen: (open: boolean) => void;
  label: string;
  value: string;
  filled: boolean;
  dialogLabel: string;
  id: string;
  children: ReactNode;
};

/** A field of the desktop bar whose chooser drops down; Escape or a click outside closes it. */
function Popover({ name, open, onOpen, label, value, filled, dialogLabel, id, children }: PopoverProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) onOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    // Move focus into the chooser so keyboard users land where they need to be.
    requestAnimationFrame(() => rootRef.current?.querySelector<HTMLElement>('.sb-pop [tabindex="0"], .sb-pop input, .sb-pop button:not([disabled])')?.focus());
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, onOpen]);
  return (
    <div
      className={`sb-bar__field sb-bar__field--${name}`}
      ref={rootRef}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.preventDefault();
          onOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button ref={buttonRef} type="button" className="sb-bar__pick" aria-haspopup="dialog" aria-expanded={open} aria-controls={open ? id : undefined} onClick={() => onOpen(!open)}>
        <span className="sb-bar__label">{label}</span>
        <span className={`sb-bar__value${filled ? ' is-filled' : ''}`}>{value}</span>
      </button>
      {open ? (
        <div className="sb-pop" role="dialog" aria-label={dialogLabel} id={id}>
          {children}
        </div>
      ) : null}
    </div>
  );
}

function ModalSection({ title, value, children }: { title: string; value: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <section className="sb-modal__section">
      <button type="button" className="sb-modal__row" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        <span className="sb-bar__label">{title}</span>
        <span className="sb-bar__value">{value}</span>
      </button>
      {open ? (
        <div id={id} className="sb-modal__chooser">
          {children}
        </div>
      ) : null}
    </section>
  );
}

type ModalProps = {
  id: string;
  open: boolean;
  /** Where focus goes back when the modal closes. */
  opener: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
  onClearAll: () => void;
  onSubmit: () => void;
  children: ReactNode;
};

/**
 * Small screens: the full-screen modal titled 'Search' (native dialog: the page behind is inert).
 * The dialog and its head are always in the page, closed: the tap that wakes the island opens it
 * at once (client:interaction, docs/decisions/0027) over a placeholder body, which the fields
 * replace when React opens it.
 */
function SearchModal({ id, open, opener, onClose, onClearAll, onSubmit, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return undefined;
    const modal = setUpModal(dialog, { onClose });
    modal.open();
    // showModal() focuses the first control (Close); the search text is where people start.
    dialog.querySelector<HTMLInputElement>('input[role="combobox"]')?.focus();
    document.documentElement.classList.add('sb-modal-open');
    return () => {
      document.documentElement.classList.remove('sb-modal-open');
      modal.dispose();
      if (dialog.open) dialog.close();
      opener.current?.focus();
    };
  }, [open, onClose, opener]);
  return (
    <dialog ref={ref} id={id} className="sb-modal" aria-labelledby={titleId}>
      <div className="sb-modal__head">
        <button type="button" className="sb-modal__close" aria-label="Close search" onClick={onClose} data-early-close="">
          <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.75" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
          </svg>
        </button>
        <h2 className="sb-modal__title" id={titleId}>
          Search
        </h2>
        <button type="button" className="sb-link sb-modal__clear" onClick={onClearAll}>
          Clear All
        </button>
      </div>
      {open ? (
        <form
          className="sb-modal__body"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit();
          }}
        >
          <div className="sb-modal__fields">{children}</div>
          <div className="sb-modal__foot">
            <button type="submit" className="button button--accent sb-modal__submit">
              Search
            </button>
          </div>
        </form>
      ) : (
        <div className="sb-modal__body" aria-busy="true">
          <div className="sb-modal__fields">
            <span className="skeleton sb-modal__sk-field" />
            <span className="skeleton sb-modal__sk-row" />
            <span className="skeleton sb-modal__sk-row" />
          </div>
        </div>
      )}
    </dialog>
  );
}
