// The message centre: the conversations beside the open thread (on a phone, one then the other),
// moving between them in the page (history entries, no reload, so the realtime socket and the
// list stay). Used by /chat (a traveller's own conversations) and by the partner back-office
// (`operator`: answering as that operator).
import { useCallback, useEffect, useState, type MouseEvent } from 'react';
import type { ChatConversation } from '../../contract/chat.ts';
import { chatRoute, type ChatRoute } from '../../lib/chat-pages.ts';
import ConversationList from './ConversationList.tsx';
import Thread from './Thread.tsx';
import '../account/account.css';
import './chat.css';

export type ChatViewProps = {
  operator: string | null;
  /** `/chat`, or `/partner/messages`. */
  base: string;
  /** What every address keeps after the path (`?operator=…` in the back-office), or ''. */
  keep: string;
  title: string;
  headingLevel: 1 | 2;
  embedded?: boolean;
  tripHref: (tripId: string) => string;
  emptyText: string;
  blankText: string;
};

type Open = { id: string | null; message: number | null };

function readOpen(base: string): Open {
  const route: ChatRoute = chatRoute(location.pathname, location.search, base);
  const message = Number(new URLSearchParams(location.search).get('message'));
  return { id: route.page === 'thread' ? route.id : null, message: Number.isInteger(message) && message > 0 ? message : null };
}

/** A click the page handles itself (not a new tab, not a download). */
const plainClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

export default function ChatView(props: ChatViewProps) {
  const { base, keep } = props;
  const [open, setOpen] = useState<Open>(() => readOpen(base));
  const [seen, setSeen] = useState<ChatConversation | null>(null);

  useEffect(() => {
    const follow = () => setOpen(readOpen(base));
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, [base]);

  const hrefFor = useCallback(
    (id: string, message?: number) => {
      const params = new URLSearchParams(keep);
      if (message) params.set('message', String(message));
      const q = params.toString();
      return `${base}/${encodeURIComponent(id)}${q ? `?${q}` : ''}`;
    },
    [base, keep],
  );
  const listHref = `${base}${keep}`;

  const go = (e: MouseEvent<HTMLAnchorElement>, next: Open) => {
    if (!plainClick(e)) return;
    e.preventDefault();
    history.pushState(null, '', e.currentTarget.href);
    setOpen(next);
    window.scrollTo(0, 0);
  };

  const { embedded = false } = props;
  const onConversation = useCallback(
    (c: ChatConversation) => {
      setSeen(c);
      if (!embedded) document.title = `${c.otherParty.name} | Messages | Verdant`;
    },
    [embedded],
  );

  useEffect(() => {
    if (!open.id && !embedded) document.title = `${props.title} | Verdant`;
  }, [open.id, props.title, embedded]);

  return (
    <div className={`chat${embedded ? ' chat--embedded' : ''}`} data-view={open.id ? 'thread' : 'list'}>
      <ConversationList
        operator={props.operator}
        title={props.title}
        headingLevel={props.headingLevel}
        openId={open.id}
        seen={seen}
        hrefFor={hrefFor}
        onOpen={(e, id, message) => go(e, { id, message: message ?? null })}
        emptyText={props.emptyText}
      />
      {open.id ? (
        <Thread
          key={open.id}
          id={open.id}
          focusMessage={open.message}
          headingLevel={2}
          backHref={listHref}
          onBack={(e) => go(e, { id: null, message: null })}
          tripHref={props.tripHref}
          onConversation={onConversation}
        />
      ) : (
        <section className="chat__pane chat-thread-pane" aria-label="No conversation open">
          <div className="chat-blank">
            <p className="chat-blank__title">Your messages</p>
            <p>{props.blankText}</p>
          </div>
        </section>
      )}
    </div>
  );
}
