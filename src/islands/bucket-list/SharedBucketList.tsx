// /bucket-list/{id}: a bucket list its owner shared (read-only for everyone else), or the
// owner's own list. Unknown or private lists show the shell's not-found state.
import { useEffect, useState } from 'react';
import { bucketList } from '../../api-client/accounts.ts';
import { ApiError, errorMessage } from '../../api-client/client.ts';
import type { BucketList } from '../../contract/accounts.ts';
import './bucket-list.css';

type State = { status: 'loading' } | { status: 'ready'; list: BucketList } | { status: 'missing' } | { status: 'error'; text: string };

export default function SharedBucketList() {
  const id = decodeURIComponent(location.pathname.split('/')[2] ?? '');
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    if (!/^[\w-]{8,64}$/.test(id)) return setState({ status: 'missing' });
    bucketList(id).then(
      ({ data }) => {
        setState({ status: 'ready', list: data });
        document.title = `${data.name} | Verdant`;
      },
      (err: unknown) => setState(err instanceof ApiError && err.status === 404 ? { status: 'missing' } : { status: 'error', text: errorMessage(err) }),
    );
  }, [id]);

  if (state.status === 'loading') {
    return (
      <div className="bl-page" aria-busy="true" role="status">
        <span className="visually-hidden">Loading the bucket list…</span>
        <div className="skeleton skeleton--title" />
        <div className="bl-grid">
          <div className="skeleton skeleton--card" />
          <div className="skeleton skeleton--card" />
          <div className="skeleton skeleton--card" />
        </div>
      </div>
    );
  }
  if (state.status === 'missing' || state.status === 'error') {
    return (
      <div className="bl-page">
        <p className="eyebrow">Bucket list</p>
        <h1>This bucket list isn’t available</h1>
        <p className="lead">{state.status === 'error' ? state.text : 'It may be private, deleted, or the link is mistyped.'}</p>
        <p>
          <a className="button" href="/">
            Explore experiences
          </a>
        </p>
      </div>
    );
  }
  const { list } = state;
  return (
    <div className="bl-page">
      <p className="eyebrow">{list.isOwner ? 'Your bucket list' : `A bucket list by ${list.ownerName}`}</p>
      <h1>{list.name}</h1>
      <p className="lead">
        {list.bucketListOptions.length} {list.bucketListOptions.length === 1 ? 'experience' : 'experiences'} to dream about
        {list.isOwner && (
          <>
            {' · '}
            <a href="/account/bucket-list">Edit in your account</a>
          </>
        )}
      </p>
      {list.bucketListOptions.length === 0 ? (
        <p className="bl-empty">Nothing saved here yet.</p>
      ) : (
        <ul className="bl-grid" role="list">
          {list.bucketListOptions.map((item) => (
            <li key={item.id}>
              <a className="bl-card" href={`/experiences/${item.option.slugCode}`}>
                {item.option.imageUrl ? (
                  <img src={`/_image?url=${encodeURIComponent(item.option.imageUrl)}&w=640`} alt="" width={640} height={480} loading="lazy" />
                ) : (
                  <span className="bl-card__ph" />
                )}
                <span className="bl-card__city">{item.option.cityName}</span>
                <span className="bl-card__name">{item.option.name}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
