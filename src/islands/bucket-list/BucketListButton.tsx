// The Save button of experience pages (spec §7 bucket lists): pre-rendered at build, hydrated on
// the first interaction, or as soon as the session is known for a logged-in visitor (shared).
// A guest's click opens the login modal and the picker follows the log-in; a member picks the
// lists to keep the experience in, or starts a new one.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { addToBucketList, createBucketList, removeFromBucketList } from '../../api-client/accounts.ts';
import { errorMessage } from '../../api-client/client.ts';
import type { BucketList } from '../../contract/accounts.ts';
import { $isLoginModalOpen, openLoginModal } from '../../stores/ui.ts';
import { $user } from '../../stores/user.ts';
import './bucket-list.css';
import { useSessionUser } from '../header/use-session-user.ts';

type Props = { slugCode: string; name: string };

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
      <path d="M12 20.5s-7.5-4.4-9.3-9.1C1.5 8.2 3.6 4.5 7.2 4.5c2 0 3.5 1.1 4.8 2.9 1.3-1.8 2.8-2.9 4.8-2.9 3.6 0 5.7 3.7 4.5 6.9-1.8 4.7-9.3 9.1-9.3 9.1z" />
    </svg>
  );
}

export default function BucketListButton({ slugCode, name }: Props) {
  const user = useSessionUser();
  const lists: BucketList[] = user?.bucketLists ?? [];
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** What a click asked for, shown while its request runs. */
  const [pending, setPending] = useState<Record<string, boolean>>({});
  const wantsPicker = useRef(false);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const itemIn = (l: BucketList) => l.bucketListOptions.find((o) => o.option.slugCode === slugCode);
  const saved = lists.some((l) => itemIn(l));

  // A guest who clicked Save and then logged in (modal) gets the picker right away.
  useEffect(() => {
    if (user && wantsPicker.current) {
      wantsPicker.current = false;
      setOpen(true);
    }
  }, [user]);
  useEffect(() => $isLoginModalOpen.listen((isOpen) => !isOpen && !$user.get() && (wantsPicker.current = false)), []);

  useEffect(() => {
    if (!open) return undefined;
    const onDown = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const replace = (next: BucketList) => {
    const u = $user.get();
    if (!u) return;
    const current = u.bucketLists ?? [];
    $user.set({ ...u, bucketLists: current.some((l) => l.id === next.id) ? current.map((l) => (l.id === next.id ? next : l)) : [...current, next] });
  };

  const act = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const toggle = (list: BucketList) => {
    const item = itemIn(list);
    setPending((p) => ({ ...p, [list.id]: !item }));
    void act(async () => {
      try {
        replace((item ? await removeFromBucketList(item.id) : await addToBucketList(list.id, slugCode)).data);
      } finally {
        setPending(({ [list.id]: _done, ...rest }) => rest);
      }
    });
  };

  const create = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const listName = String(new FormData(form).get('name') ?? '').trim();
    if (!listName) return setError('Please name your list');
    void act(async () => {
      replace((await createBucketList(listName, slugCode)).data);
      form.reset();
    });
  };

  const onClick = () => {
    // The store, not the render: a click replayed right after hydration comes before the re-render.
    const me = $user.get();
    if (!me) {
      wantsPicker.current = true;
      openLoginModal();
      return;
    }
    if ((me.bucketLists ?? []).length === 0) {
      void act(async () => {
        replace((await createBucketList('My bucket list', slugCode)).data);
        setOpen(true);
      });
      return;
    }
    setOpen((o) => !o);
  };

  return (
    <div className="bl-save" ref={root} data-bucket-list-button="">
      <button type="button" className="bl-save__button" aria-pressed={saved} aria-expanded={user ? open : undefined} aria-controls={user ? panelId : undefined} onClick={onClick} disabled={busy && !open}>
        <Heart filled={saved} />
        <span>{saved ? 'Saved' : 'Save'}</span>
        <span className="visually-hidden"> {name} to a bucket list</span>
      </button>
      {user && open && (
        <div className="bl-save__panel" id={panelId} role="group" aria-label="Your bucket lists">
          <p className="bl-save__title">Save to a bucket list</p>
          <ul role="list">
            {lists.map((l) => (
              <li key={l.id}>
                <label>
                  <input type="checkbox" checked={pending[l.id] ?? Boolean(itemIn(l))} onChange={() => toggle(l)} disabled={busy && pending[l.id] === undefined} />
                  <span>{l.name}</span>
                </label>
              </li>
            ))}
          </ul>
          <form className="bl-save__new" onSubmit={create} noValidate>
            <label className="visually-hidden" htmlFor={`${panelId}-name`}>
              New list name
            </label>
            <input id={`${panelId}-name`} name="name" placeholder="New list" maxLength={80} />
            <button type="submit" className="button button--quiet" disabled={busy}>
              Create
            </button>
          </form>
          {error && (
            <p className="bl-save__error" role="alert">
              {error}
            </p>
          )}
          <a className="bl-save__all" href="/account/bucket-list">
            See all your lists
          </a>
        </div>
      )}
      {!open && error && (
        <p className="bl-save__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
