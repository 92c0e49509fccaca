// "Choose from the library" beside a back-office photo upload (ADR 39): the images already on
// Verdant (GET /images, newest first, searchable by name, alt text and caption), twelve a page;
// a click adds one with its alt text, as an upload would.
import { Pager } from './parts.tsx';
import { useState } from 'react';
import { imageLibrary } from '../../api-client/admin.ts';
import type { LibraryImage } from '../../contract/images.ts';
import { imageUrl } from '../../lib/format-image.ts';
import { useApi } from '../account/use-api.ts';

const PER = 12;

function Grid({ onPick, taken }: { onPick: (img: LibraryImage) => void; taken: Set<number> }) {
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const list = useApi(() => imageLibrary({ q: search || undefined, page, per: PER }), `${search}:${page}`);
  const data = list.state.status === 'ready' ? list.state.data : null;
  return (
    <div className="adm-library">
      <div className="adm-library__search" role="search">
        <input
          type="search"
          value={q}
          placeholder="Search by name or alt text"
          aria-label="Search the image library"
          onChange={(e) => setQ(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              setSearch(q.trim());
              setPage(1);
            }
          }}
        />
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            setSearch(q.trim());
            setPage(1);
          }}
        >
          Search
        </button>
      </div>
      {list.state.status === 'loading' && <p className="adm-note">Loading the library…</p>}
      {list.state.status === 'error' && (
        <p className="adm-alert adm-alert--error" role="alert">
          {list.state.error}
        </p>
      )}
      {data && data.images.length === 0 && <p className="adm-note">No image matches “{search}”.</p>}
      {data && data.images.length > 0 && (
        <ul className="adm-library__grid" role="list">
          {data.images.map((img) => (
            <li key={img.id}>
              <button type="button" className="adm-library__pick" disabled={taken.has(img.id)} onClick={() => onPick(img)}>
                <img src={imageUrl(img.url, 256)} alt="" width="160" height="120" loading="lazy" />
                <span>{img.alt || img.name}</span>
                {taken.has(img.id) && <span className="visually-hidden"> (already used here)</span>}
                <span className="adm-note">
                  {img.width}×{img.height}
                  {img.uploadedForOperator ? ` · ${img.uploadedForOperator}` : ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {data && data.pagination.totalPages > 1 && <Pager page={data.pagination.currentPage} pages={data.pagination.totalPages} onPage={setPage} />}
    </div>
  );
}

export function ImageLibraryPicker({ onPick, taken }: { onPick: (img: LibraryImage) => void; taken: Set<number> }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="adm-field--wide adm-library-picker">
      <button type="button" className="button button--ghost" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {open ? 'Close the library' : 'Choose from the library'}
      </button>
      {open && <Grid onPick={onPick} taken={taken} />}
    </div>
  );
}
