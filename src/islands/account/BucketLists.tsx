// /account/bucket-list: your lists — create, rename, share (a link anyone can open), delete —
// and the experiences saved in each, which you can remove.
import { useState, type FormEvent } from 'react';
import { bucketLists, createBucketList, deleteBucketList, removeFromBucketList, updateBucketList } from '../../api-client/accounts.ts';
import { errorMessage } from '../../api-client/client.ts';
import type { BucketList } from '../../contract/accounts.ts';
import { $user } from '../../stores/user.ts';
import { Empty, Loading, Problem, SectionHead } from './parts.tsx';
import { useApi } from './use-api.ts';

/** Keeps `$user.bucketLists` in step, so the save buttons on experience pages agree. */
function publish(lists: BucketList[]) {
  const user = $user.get();
  if (user) $user.set({ ...user, bucketLists: lists });
}

function ListCard({ list, onChange, onDeleted }: { list: BucketList; onChange: (l: BucketList) => void; onDeleted: () => void }) {
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  const shareUrl = `${location.origin}/bucket-list/${list.id}`;
  const act = async (work: () => Promise<void>) => {
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
  const rename = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const name = String(new FormData(e.currentTarget).get('name') ?? '').trim();
    if (!name) return setError('Please name your list');
    void act(async () => {
      onChange((await updateBucketList(list.id, { name })).data);
      setRenaming(false);
    });
  };
  return (
    <article className="acct-list" aria-label={list.name} data-bucket-list={list.id}>
      <header className="acct-list__head">
        {renaming ? (
          <form className="acct-inline-form" onSubmit={rename}>
            <label className="visually-hidden" htmlFor={`rename-${list.id}`}>
              List name
            </label>
            <input id={`rename-${list.id}`} name="name" defaultValue={list.name} maxLength={80} />
            <button type="submit" className="button" disabled={busy}>
              Save
            </button>
            <button type="button" className="auth-link" onClick={() => setRenaming(false)}>
              Cancel
            </button>
          </form>
        ) : (
          <h2>
            <a href={`/bucket-list/${list.id}`}>{list.name}</a>
          </h2>
        )}
        <span className="acct-muted">
          {list.bucketListOptions.length} {list.bucketListOptions.length === 1 ? 'experience' : 'experiences'}
          {list.shared ? ' · Shared' : ' · Private'}
        </span>
      </header>
      {list.bucketListOptions.length === 0 ? (
        <p className="acct-muted">Nothing saved yet. Tap “Save” on any experience to add it here.</p>
      ) : (
        <ul className="acct-items">
          {list.bucketListOptions.map((item) => (
            <li key={item.id}>
              {item.option.imageUrl ? <img src={`/_image?url=${encodeURIComponent(item.option.imageUrl)}&w=640`} alt="" width={96} height={72} loading="lazy" /> : <span className="acct-items__ph" />}
              <div>
                <a href={`/experiences/${item.option.slugCode}`}>{item.option.name}</a>
                <span className="acct-muted">{item.option.cityName}</span>
              </div>
              <button type="button" className="auth-link" disabled={busy} onClick={() => void act(async () => onChange((await removeFromBucketList(item.id)).data))} aria-label={`Remove ${item.option.name} from ${list.name}`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {list.shared && (
        <div className="acct-copy acct-copy--small">
          <label className="visually-hidden" htmlFor={`share-${list.id}`}>
            Share link of {list.name}
          </label>
          <input id={`share-${list.id}`} readOnly value={shareUrl} onFocus={(e) => e.currentTarget.select()} />
          <button
            type="button"
            className="button button--quiet"
            onClick={() =>
              void navigator.clipboard?.writeText(shareUrl).then(() => {
                setCopied(true);
                setTimeout(() => setCopied(false), 3000);
              })
            }
          >
            {copied ? 'Copied!' : 'Copy link'}
          </button>
        </div>
      )}
      {error && <p className="auth-error" role="alert">{error}</p>}
      <footer className="acct-list__actions">
        {!renaming && (
          <button type="button" className="auth-link" onClick={() => setRenaming(true)}>
            Rename
          </button>
        )}
        <button type="button" className="auth-link" disabled={busy} onClick={() => void act(async () => onChange((await updateBucketList(list.id, { shared: !list.shared })).data))}>
          {list.shared ? 'Stop sharing' : 'Share'}
        </button>
        {confirming ? (
          <span className="acct-confirm" role="group" aria-label="Confirm delete">
            Delete “{list.name}”?
            <button type="button" className="auth-link acct-danger" disabled={busy} onClick={() => void act(async () => { await deleteBucketList(list.id); onDeleted(); })}>
              Yes, delete
            </button>
            <button type="button" className="auth-link" onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </span>
        ) : (
          <button type="button" className="auth-link acct-danger" onClick={() => setConfirming(true)}>
            Delete
          </button>
        )}
      </footer>
    </article>
  );
}

export default function BucketLists() {
  const { state, set, reload } = useApi(async () => {
    const r = await bucketLists();
    publish(r.data.bucketLists);
    return r;
  }, 'bucket-lists');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (state.status === 'loading') return <Loading label="Loading your bucket lists…" />;
  if (state.status === 'error') return <Problem text={state.error} onRetry={reload} />;
  const lists = state.data.bucketLists;
  const update = (next: BucketList[]) => {
    set({ bucketLists: next });
    publish(next);
  };
  const create = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const name = String(new FormData(form).get('name') ?? '').trim();
    if (!name) return setError('Please name your list');
    setBusy(true);
    setError(null);
    try {
      const { data } = await createBucketList(name);
      update([...lists, data]);
      form.reset();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="acct-section">
      <SectionHead title="Bucket lists" lede="Save experiences you dream of, sort them into lists, and share a list with the people you’ll travel with." />
      <form className="acct-inline-form acct-create" onSubmit={(e) => void create(e)} noValidate>
        <label htmlFor="new-list">New list</label>
        <input id="new-list" name="name" placeholder="e.g. Borneo next spring" maxLength={80} aria-invalid={error ? true : undefined} aria-describedby={error ? 'new-list-error' : undefined} />
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Creating…' : 'Create list'}
        </button>
        {error && (
          <p className="form-field__error" id="new-list-error" role="alert">
            {error}
          </p>
        )}
      </form>
      {lists.length === 0 ? (
        <Empty title="No lists yet">
          <p>
            Create one above, or <a href="/">find an experience</a> and save it.
          </p>
        </Empty>
      ) : (
        <div className="acct-lists">
          {lists.map((l) => (
            <ListCard key={l.id} list={l} onChange={(next) => update(lists.map((x) => (x.id === next.id ? next : x)))} onDeleted={() => update(lists.filter((x) => x.id !== l.id))} />
          ))}
        </div>
      )}
    </div>
  );
}
