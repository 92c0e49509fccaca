// Small shared pieces of the back-offices (admin and partner): the refusal screen, the section
// navigation, status badges and the publish run's live state.
import { useEffect, useRef, type ReactNode } from 'react';
import { openLoginModal } from '../../stores/ui.ts';
import type { EditStatus, PublishRunView } from '../../contract/admin.ts';
import { formatWhen } from './format.ts';

const LABEL: Record<EditStatus, string> = { draft: 'Draft', changed: 'Unpublished changes', published: 'Published', unpublished: 'Unpublished' };

export function StatusBadge({ status, scheduledAt }: { status: EditStatus; scheduledAt?: string | null }) {
  return (
    <span className="adm-badges">
      <span className={`adm-badge adm-badge--${status}`}>{LABEL[status]}</span>
      {scheduledAt && <span className="adm-badge adm-badge--scheduled">Scheduled {formatWhen(scheduledAt)}</span>}
    </span>
  );
}

const RUN_LABEL = { queued: 'Queued', building: 'Building', live: 'Live', failed: 'Failed' } as const;

/** `lost`: why the screen stopped following the run (signed out, too many requests). */
export function RunState({ run, lost }: { run: PublishRunView; lost?: string | null }) {
  return (
    <div className={`adm-run adm-run--${run.state}`} role="status" aria-live="polite" data-run-state={run.state}>
      <span className="adm-run__dot" aria-hidden="true" />
      <span>
        <strong>
          {run.kind === 'preview' ? 'Preview' : 'Publish'}: {RUN_LABEL[run.state]}
        </strong>
        {run.state === 'queued' && <span className="adm-sub"> Waiting for the site builder…</span>}
        {run.state === 'building' && <span className="adm-sub"> Rebuilding the pages that show this record…</span>}
        {run.state === 'live' && run.kind === 'publish' && <span className="adm-sub"> The public site shows this version.</span>}
        {run.state === 'failed' && <span className="adm-run__error">{run.failure ?? 'The build failed; the live site is unchanged.'}</span>}
        {lost && <span className="adm-run__error"> This screen stopped following the run: {lost} Reload the page to see where it stands.</span>}
      </span>
      {run.state === 'live' && run.url && (
        <a className="text-link" href={run.url} target="_blank" rel="noopener">
          Open preview
        </a>
      )}
    </div>
  );
}

export function Refusal({ title, text, action }: { title: string; text: string; action: ReactNode }) {
  return (
    <div className="adm-refusal" role="alert" aria-live="polite">
      <p className="eyebrow">Verdant back-office</p>
      <h1>{title}</h1>
      <p className="lead">{text}</p>
      <p className="adm-refusal__actions">{action}</p>
    </div>
  );
}

/** A page with nothing to show but a way on: a section not built yet, an unknown path. */
export function EmptyPage({ heading, title, text, href, action }: { heading?: string; title: string; text?: string; href: string; action: string }) {
  return (
    <section className="adm-page">
      {heading && (
        <header className="adm-pagehead">
          <h1>{heading}</h1>
        </header>
      )}
      <div className="adm-card adm-empty">
        <p className="adm-empty__title">{title}</p>
        {text && <p className="muted">{text}</p>}
        <a className="button" href={href}>
          {action}
        </a>
      </div>
    </section>
  );
}

/** The refusal a signed-out visitor sees, with the log-in button. */
export function LoginRefusal({ title, text }: { title: string; text: string }) {
  return (
    <Refusal
      title={title}
      text={text}
      action={
        <button type="button" className="button" onClick={openLoginModal}>
          Log In
        </button>
      }
    />
  );
}

/** A list's pages: previous, "Page n of m", next. */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  return (
    <nav className="adm-pager" aria-label="Pages">
      <button type="button" className="button button--ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        Page {page} of {pages}
      </span>
      <button type="button" className="button button--ghost" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}

/** `count`: how many wait there (the partner's unread conversations), shown as a badge when above 0. */
export type NavItem = { key: string; label: string; href: string; soon?: boolean; count?: number };

/** The back-office's sections: a side column on wide screens, a row that scrolls sideways on narrow ones. */
export function BackOfficeNav({ brand, brandHref, items, active, children }: { brand: string; brandHref: string; items: readonly NavItem[]; active: string | null; children?: ReactNode }) {
  // On a narrow screen the sections scroll sideways: bring the current one into view.
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const ul = list.current;
    const current = ul?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!ul || !current || ul.scrollWidth <= ul.clientWidth) return;
    ul.scrollLeft += current.getBoundingClientRect().left - ul.getBoundingClientRect().left - (ul.clientWidth - current.offsetWidth) / 2;
  }, [active]);
  return (
    <nav className="adm-nav" aria-label="Back-office">
      <a className="adm-nav__brand" href={brandHref}>
        {brand}
      </a>
      {children}
      <ul role="list" ref={list}>
        {items.map((s) => (
          <li key={s.key}>
            <a href={s.href} aria-current={active === s.key ? 'page' : undefined}>
              {s.label}
              {s.soon && <span className="adm-nav__soon">soon</span>}
              {!!s.count && (
                <span className="adm-nav__count">
                  {s.count}
                  <span className="visually-hidden"> unread</span>
                </span>
              )}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A review's two answers (approve, and decline or reject), one at a time: `[key, label, busy label]`. */
export function DecisionButtons<K extends string>({ busy, yes, no, onDecide }: { busy: K | null; yes: [K, string, string]; no: [K, string, string]; onDecide: (k: K) => void }) {
  return (
    <div className="adm-actions">
      {[yes, no].map(([key, label, working], i) => (
        <button key={key} type="button" className={i === 0 ? 'button' : 'button button--ghost'} disabled={!!busy} onClick={() => onDecide(key)}>
          {busy === key ? working : label}
        </button>
      ))}
    </div>
  );
}
