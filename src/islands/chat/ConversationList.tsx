// The conversations (issue 17): the other party's picture and name, what it is about, the last
// message and its time, unread ones in bold with a dot; newest activity first, more on request,
// kept live by the realtime socket. Above them, search in one's own messages
// (GET /chat_messages/search): the results replace the list while there is a query.
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { chatConversations, searchChatMessages } from '../../api-client/chat.ts';
import { errorMessage } from '../../api-client/client.ts';
import type { ChatConversation, ChatMessage, ChatSearchHit } from '../../contract/chat.ts';
import { aboutText, byActivity, excerpt, highlight, listTime, previewText, withNewMessage } from '../../lib/chat-thread.ts';
import { onRealtime } from '../../stores/realtime.ts';
import { Problem } from '../account/parts.tsx';
import { Avatar, CloseIcon, SearchIcon } from './parts.tsx';

export type ListProps = {
  operator: string | null;
  title: string;
  /** h1 on /chat; h2 inside the partner back-office (its page has the h1). */
  headingLevel: 1 | 2;
  openId: string | null;
  /** The latest state of the open conversation (read marks), from its thread. */
  seen: ChatConversation | null;
  hrefFor: (id: string, messageId?: number) => string;
  onOpen: (event: MouseEvent<HTMLAnchorElement>, id: string, messageId?: number) => void;
  emptyText: string;
};

type Loaded = { status: 'loading' } | { status: 'error'; error: string } | { status: 'ready'; conversations: ChatConversation[]; nextCursor: string | null };

const SEARCH_DELAY_MS = 300;

export default function ConversationList(props: ListProps) {
  const { operator, openId, seen } = props;
  const [list, setList] = useState<Loaded>({ status: 'loading' });
  const [round, setRound] = useState(0);
  const [more, setMore] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const [query, setQuery] = useState('');
  const openRef = useRef(openId);
  openRef.current = openId;

  useEffect(() => {
    let on = true;
    chatConversations(operator).then(
      ({ data }) => on && setList({ status: 'ready', conversations: data.conversations, nextCursor: data.nextCursor }),
      (err: unknown) => {
        console.error('The conversations could not be loaded', err);
        if (on) setList({ status: 'error', error: errorMessage(err) });
      },
    );
    return () => {
      on = false;
    };
  }, [operator, round]);

  // A message anywhere: its conversation moves to the top (or the list is read again for a new one).
  const listNow = useRef(list);
  listNow.current = list;
  useEffect(
    () =>
      onRealtime('chat.message', (e) => {
        const message = e['message'] as ChatMessage;
        const l = listNow.current;
        if (l.status !== 'ready') return;
        if (!l.conversations.some((c) => c.id === message.conversationId)) {
          setRound((r) => r + 1);
          return;
        }
        setList((now) => {
          if (now.status !== 'ready') return now;
          const conversations = now.conversations.map((c) => (c.id === message.conversationId ? withNewMessage(c, message, { open: openRef.current === c.id }) : c));
          return { ...now, conversations: conversations.sort(byActivity) };
        });
      }),
    [],
  );

  // Read in another tab (or by a colleague of the operator): the row is no longer unread.
  useEffect(
    () =>
      onRealtime('chat.read', (e) => {
        setList((l) =>
          l.status !== 'ready'
            ? l
            : { ...l, conversations: l.conversations.map((c) => (c.id === e['conversationId'] && e['side'] === c.viewerSide ? { ...c, unread: false, unreadCount: 0, readUpTo: Math.max(c.readUpTo, Number(e['readUpTo'])) } : c)) },
        );
      }),
    [],
  );

  // The open thread's state (loaded, read) shows in its row; a conversation just started joins the list.
  useEffect(() => {
    if (!seen) return;
    setList((l) => {
      if (l.status !== 'ready') return l;
      const has = l.conversations.some((c) => c.id === seen.id);
      const conversations = has ? l.conversations.map((c) => (c.id === seen.id ? { ...c, unread: seen.unread, unreadCount: seen.unreadCount, readUpTo: seen.readUpTo } : c)) : [seen, ...l.conversations].sort(byActivity);
      return { ...l, conversations };
    });
  }, [seen]);

  async function loadMore() {
    if (list.status !== 'ready' || !list.nextCursor || more.busy) return;
    setMore({ busy: true, error: null });
    try {
      const { data } = await chatConversations(operator, list.nextCursor);
      setList((l) => (l.status === 'ready' ? { status: 'ready', conversations: [...l.conversations, ...data.conversations.filter((c) => !l.conversations.some((k) => k.id === c.id))], nextCursor: data.nextCursor } : l));
      setMore({ busy: false, error: null });
    } catch (err) {
      console.error('More conversations could not be loaded', err);
      setMore({ busy: false, error: errorMessage(err) });
    }
  }

  const Heading = props.headingLevel === 1 ? 'h1' : 'h2';
  const searching = query.trim().length >= 2;
  return (
    <nav className="chat__pane chat-list" aria-label="Conversations">
      <div className="chat-list__head">
        <Heading>{props.title}</Heading>
        <div className="chat-search" role="search">
          <SearchIcon />
          <label className="visually-hidden" htmlFor="chat-search">
            Search your messages
          </label>
          <input id="chat-search" type="search" placeholder="Search messages" autoComplete="off" maxLength={100} value={query} onChange={(e) => setQuery(e.target.value)} onKeyDown={(e) => e.key === 'Escape' && setQuery('')} />
          {query && (
            <button type="button" className="chat-search__clear" onClick={() => setQuery('')}>
              <CloseIcon />
              <span className="visually-hidden">Clear the search</span>
            </button>
          )}
        </div>
      </div>
      <div className="chat-list__body">
        {searching ? (
          <SearchResults query={query.trim()} {...props} />
        ) : list.status === 'loading' ? (
          <div className="chat-list__items" aria-busy="true" role="status">
            <span className="visually-hidden">Loading your conversations…</span>
            {[0, 1, 2].map((i) => (
              <div key={i} className="skeleton" style={{ height: '4.5rem', marginBottom: 'var(--space-3)' }} />
            ))}
          </div>
        ) : list.status === 'error' ? (
          <div className="chat-list__items">
            <Problem text={`Your conversations could not be loaded: ${list.error}`} onRetry={() => setRound((r) => r + 1)} />
          </div>
        ) : list.conversations.length === 0 ? (
          <div className="chat-list__empty">
            <p className="chat-list__empty-title">No messages yet</p>
            <p className="muted">{props.emptyText}</p>
          </div>
        ) : (
          <>
            <ul role="list" className="chat-list__items">
              {list.conversations.map((c) => (
                <li key={c.id}>
                  <Row conversation={c} {...props} />
                </li>
              ))}
            </ul>
            {list.nextCursor && (
              <div className="chat-list__more">
                <button type="button" className="button button--ghost" disabled={more.busy} onClick={() => void loadMore()}>
                  {more.busy ? 'Loading…' : 'Show older conversations'}
                </button>
              </div>
            )}
            {more.error && <Problem text={more.error} onRetry={() => void loadMore()} />}
          </>
        )}
      </div>
    </nav>
  );
}

function Row({ conversation: c, openId, hrefFor, onOpen }: { conversation: ChatConversation } & ListProps) {
  const about = aboutText(c);
  const unread = c.unread && c.id !== openId;
  const when = c.lastMessage?.createdAt ?? c.createdAt;
  return (
    <a className={`chat-row${unread ? ' chat-row--unread' : ''}`} href={hrefFor(c.id)} aria-current={c.id === openId ? 'page' : undefined} data-conversation-id={c.id} onClick={(e) => onOpen(e, c.id)}>
      <Avatar name={c.otherParty.name} imageUrl={c.otherParty.imageUrl} />
      <span>
        <span className="chat-row__top">
          <span className="chat-row__name">{c.otherParty.name}</span>
          <time className="chat-row__time" dateTime={when}>
            {listTime(when)}
          </time>
        </span>
        {about && <span className="chat-row__about">{about}</span>}
        <span className="chat-row__preview">{previewText(c)}</span>
        {unread && <span className="visually-hidden">, unread</span>}
      </span>
      {unread && <span className="chat-row__dot" aria-hidden="true" />}
    </a>
  );
}

type Found = { status: 'loading' } | { status: 'error'; error: string } | { status: 'ready'; results: ChatSearchHit[]; nextCursor: string | null; query: string };

function SearchResults({ query, operator, hrefFor, onOpen }: { query: string } & ListProps) {
  const [found, setFound] = useState<Found>({ status: 'loading' });
  const [round, setRound] = useState(0);
  const [more, setMore] = useState(false);

  useEffect(() => {
    let on = true;
    setFound({ status: 'loading' });
    const timer = setTimeout(() => {
      searchChatMessages(query, operator).then(
        ({ data }) => on && setFound({ status: 'ready', results: data.results, nextCursor: data.nextCursor, query }),
        (err: unknown) => {
          console.error('The search failed', err);
          if (on) setFound({ status: 'error', error: errorMessage(err) });
        },
      );
    }, SEARCH_DELAY_MS);
    return () => {
      on = false;
      clearTimeout(timer);
    };
  }, [query, operator, round]);

  async function loadMore() {
    if (found.status !== 'ready' || !found.nextCursor || more) return;
    setMore(true);
    try {
      const { data } = await searchChatMessages(found.query, operator, found.nextCursor);
      setFound((f) => (f.status === 'ready' ? { ...f, results: [...f.results, ...data.results], nextCursor: data.nextCursor } : f));
    } catch (err) {
      console.error('More results could not be loaded', err);
      setFound({ status: 'error', error: errorMessage(err) });
    }
    setMore(false);
  }

  if (found.status === 'loading') {
    return (
      <p className="chat-list__label" role="status">
        Searching…
      </p>
    );
  }
  if (found.status === 'error') {
    return (
      <div className="chat-list__items">
        <Problem text={`The search failed: ${found.error}`} onRetry={() => setRound((r) => r + 1)} />
      </div>
    );
  }
  if (found.results.length === 0) {
    return (
      <div className="chat-list__empty" role="status">
        <p className="chat-list__empty-title">No messages found</p>
        <p className="muted">Nothing you sent or received mentions “{found.query}”. Try another word.</p>
      </div>
    );
  }
  return (
    <>
      <p className="chat-list__label" role="status">
        {found.results.length}
        {found.nextCursor ? '+' : ''} {found.results.length === 1 ? 'message' : 'messages'} found
      </p>
      <ul role="list" className="chat-list__items" aria-label="Messages found">
        {found.results.map(({ message: m, conversation: c }) => (
          <li key={m.id}>
            <a className="chat-hit" href={hrefFor(c.id, m.id)} data-message-id={m.id} onClick={(e) => onOpen(e, c.id, m.id)}>
              <span className="chat-hit__meta">
                <strong>{c.otherParty.name}</strong>
                <time dateTime={m.createdAt}>{listTime(m.createdAt)}</time>
              </span>
              <span className="chat-hit__text">
                {m.mine ? 'You: ' : `${m.sender.name}: `}
                {highlight(excerpt(m.body, found.query), found.query).map((part, i) => (part.mark ? <mark key={i}>{part.text}</mark> : part.text))}
              </span>
            </a>
          </li>
        ))}
      </ul>
      {found.nextCursor && (
        <div className="chat-list__more">
          <button type="button" className="button button--ghost" disabled={more} onClick={() => void loadMore()}>
            {more ? 'Loading…' : 'More results'}
          </button>
        </div>
      )}
    </>
  );
}
