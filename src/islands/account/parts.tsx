// Shared bits of the account sections: headings, loading skeletons, errors, empty states.
import type { ReactNode } from 'react';

export function SectionHead({ title, lede, children }: { title: string; lede?: ReactNode; children?: ReactNode }) {
  return (
    <header className="acct-head">
      <div>
        <h1>{title}</h1>
        {lede && <p className="acct-lede">{lede}</p>}
      </div>
      {children}
    </header>
  );
}

export function Loading({ label }: { label: string }) {
  return (
    <div className="acct-loading" aria-busy="true" role="status">
      <span className="visually-hidden">{label}</span>
      <div className="skeleton skeleton--line" />
      <div className="skeleton skeleton--line skeleton--short" />
      <div className="skeleton skeleton--card" />
    </div>
  );
}

export function Problem({ text, onRetry }: { text: string; onRetry?: () => void }) {
  return (
    <div className="acct-problem" role="alert">
      <p>{text}</p>
      {onRetry && (
        <button type="button" className="button button--quiet" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="acct-empty">
      <p className="acct-empty__title">{title}</p>
      {children}
    </div>
  );
}
