// One conversation (issue 17): who it is with and what it is about, the messages newest at the
// bottom with a day above each day's first, "Load earlier messages" to page back, attachments,
// "… is typing", the read receipt under the viewer's last message, messages on their way (with
// the upload's progress, or why they were not sent and a way to retry), and the composer.
import { Fragment, useEffect, useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import type { ChatConversation, ChatMessage } from '../../contract/chat.ts';
import { aboutText, clockTime, dayLabel, endSentence, lastMineId, receiptText, startsDay, type PendingMessage } from '../../lib/chat-thread.ts';
import { Problem } from '../account/parts.tsx';
import Composer from './Composer.tsx';
import MessageFiles from './MessageFiles.tsx';
import { Avatar, BackIcon } from './parts.tsx';
import { useThread } from './use-thread.ts';

export type ThreadProps = {
  id: string;
  /** A message to show (a search result): older pages load until it is there. */
  focusMessage: number | null;
  headingLevel: 1 | 2;
  backHref: string;
  onBack: (event: MouseEvent<HTMLAnchorElement>) => void;
  /** Where the trip it is about opens for this viewer. */
  tripHref: (tripId: string) => string;
  onConversation: (c: ChatConversation) => void;
};

/** Within this many pixels of the bottom, a new message keeps the thread at the bottom. */
const NEAR_BOTTOM = 160;

export default function Thread(props: ThreadProps) {
  const { id, focusMessage } = props;
  const t = useThread(id, props.onConversation);
  const scroller = useRef<HTMLDivElement>(null);
  const [newBelow, setNewBelow] = useState(false);
  const anchor = useRef<{ first: number; fromBottom: number } | null>(null);
  const placed = useRef(false);
  /** The reader is at the bottom (and should stay there). */
  const stick = useRef(true);
  const ready = t.state.status === 'ready' ? t.state : null;
  const messages = ready?.messages ?? [];
  const first = messages[0]?.id ?? 0;
  const last = messages.at(-1)?.id ?? 0;

  useEffect(() => {
    placed.current = false;
    setNewBelow(false);
  }, [id]);

  const atBottom = () => {
    const el = scroller.current;
    return !el || el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM;
  };
  const toBottom = () => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
    stick.current = true;
    setNewBelow(false);
  };

  // A reader at the bottom stays there when the thread gets shorter or taller (a phone's keyboard
  // opening, the composer growing, a picture loading).
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (stick.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.lastElementChild ?? el.firstElementChild);
    return () => observer.disconnect();
  }, [ready !== null]);

  // Older messages went on top: keep what was on screen where it was.
  useLayoutEffect(() => {
    const el = scroller.current;
    const a = anchor.current;
    if (el && a && first < a.first) el.scrollTop = el.scrollHeight - a.fromBottom;
    anchor.current = null;
  }, [first]);

  // First sight: the bottom (or the message looked for); later, new ones keep it at the bottom.
  const lastSeen = useRef(0);
  useLayoutEffect(() => {
    if (!ready) return;
    if (!placed.current) {
      placed.current = true;
      stick.current = !focusMessage;
      if (!focusMessage) toBottom();
      lastSeen.current = last;
      return;
    }
    if (last > lastSeen.current) {
      const mineNew = messages.at(-1)?.mine ?? false;
      if (mineNew || atBottom()) toBottom();
      else setNewBelow(true);
      lastSeen.current = last;
    }
  }, [ready, last]);

  useLayoutEffect(() => {
    if (t.pending.length > 0) toBottom();
  }, [t.pending.length]);

  useEffect(() => {
    if (t.typing && atBottom()) toBottom();
  }, [t.typing]);

  // A search result: page back until the message is there, then show it.
  useEffect(() => {
    if (!ready || !focusMessage) return;
    const el = scroller.current?.querySelector<HTMLElement>(`[data-message-id="${focusMessage}"]`);
    if (el) {
      stick.current = false;
      el.scrollIntoView({ block: 'center' });
      el.classList.add('chat-msg--found');
      return;
    }
    if (ready.hasMore && !t.earlier.busy && !t.earlier.error && first > focusMessage) void t.loadEarlier();
  }, [ready, focusMessage, first, t.earlier.busy]);

  const earlier = () => {
    const el = scroller.current;
    if (el) anchor.current = { first, fromBottom: el.scrollHeight - el.scrollTop };
    void t.loadEarlier();
  };

  const Heading = props.headingLevel === 1 ? 'h1' : 'h2';
  const head = (c: ChatConversation | null) => (
    <header className="chat-thread__head">
      <a className="chat-thread__back" href={props.backHref} onClick={props.onBack}>
        <BackIcon />
        <span className="visually-hidden">All conversations</span>
      </a>
      {c && <Avatar name={c.otherParty.name} imageUrl={c.otherParty.imageUrl} small />}
      <div className="chat-thread__who">
        <Heading>{c ? c.otherParty.name : 'Conversation'}</Heading>
        {c && <About conversation={c} tripHref={props.tripHref} />}
      </div>
    </header>
  );

  if (t.state.status === 'loading') {
    return (
      <section className="chat__pane chat-thread-pane" aria-busy="true">
        {head(null)}
        <div className="chat-thread__scroll" role="status">
          <span className="visually-hidden">Loading the conversation…</span>
          <div className="skeleton skeleton--line skeleton--short" style={{ marginLeft: 'auto', maxWidth: '18rem' }} />
          <div className="skeleton skeleton--line" style={{ maxWidth: '22rem' }} />
          <div className="skeleton skeleton--line skeleton--short" style={{ marginLeft: 'auto', maxWidth: '14rem' }} />
        </div>
      </section>
    );
  }
  if (t.state.status === 'error') {
    return (
      <section className="chat__pane chat-thread-pane">
        {head(null)}
        {t.state.notFound ? (
          <div className="chat-blank">
            <p className="chat-blank__title">Conversation not found</p>
            <p>It may belong to another account, or the link is incomplete.</p>
            <a className="button" href={props.backHref}>
              All conversations
            </a>
          </div>
        ) : (
          <div className="chat-thread__scroll">
            <Problem text={`The conversation could not be loaded: ${t.state.error}`} onRetry={t.reload} />
          </div>
        )}
      </section>
    );
  }

  const c = t.state.conversation;
  const receiptOn = lastMineId(messages);
  const other = c.otherParty.name;
  return (
    <section className="chat__pane chat-thread-pane" aria-label={`Conversation with ${other}`} data-conversation={c.id}>
      {head(c)}
      <div className="chat-thread__scroll" ref={scroller} tabIndex={0} role="group" aria-label="Message history" onScroll={() => {
          stick.current = atBottom();
          if (newBelow && stick.current) setNewBelow(false);
        }}>
        {t.state.hasMore ? (
          <div className="chat-thread__earlier">
            <button type="button" className="button button--ghost" disabled={t.earlier.busy} onClick={earlier}>
              {t.earlier.busy ? 'Loading…' : 'Load earlier messages'}
            </button>
          </div>
        ) : (
          <p className="chat-thread__start">{messages.length ? `This is the start of your conversation with ${endSentence(other)}` : `Ask ${other} anything: about dates, what to bring, or how to get there.`}</p>
        )}
        {t.earlier.error && <Problem text={`Earlier messages could not be loaded: ${t.earlier.error}`} onRetry={earlier} />}
        <ol className="chat-messages" aria-label="Messages" aria-live="polite" aria-relevant="additions">
          {messages.map((m, i) => {
            const prev = messages[i - 1];
            const day = startsDay(m, prev);
            const run = day || !prev || prev.side !== m.side || prev.sender.name !== m.sender.name;
            return (
              <Fragment key={m.id}>
                {day && (
                  <li className="chat-day" aria-hidden="true">
                    {dayLabel(m.createdAt)}
                  </li>
                )}
                <Message message={m} first={run} receipt={m.id === receiptOn ? receiptText(m.id, c.otherReadUpTo) : null} onDelete={t.deleteFile} />
              </Fragment>
            );
          })}
          {t.pending.map((p) => (
            <Pending key={p.clientRef} pending={p} onRetry={() => t.retry(p.clientRef)} onDiscard={() => t.discard(p.clientRef)} />
          ))}
        </ol>
      </div>
      {newBelow && (
        <button type="button" className="chat-newbelow" onClick={toBottom}>
          New message ↓
        </button>
      )}
      <div className="chat-typing" aria-live="polite">
        {t.typing && (
          <>
            <span className="chat-typing__dots" aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
            {t.typing} is typing…
          </>
        )}
      </div>
      {c.viewerSide === 'admin' ? (
        <p className="chat-composer chat-composer__hint">You are reading this conversation as an admin; only the traveller and the operator write in it.</p>
      ) : (
        <Composer conversationId={c.id} onSend={t.send} onTyping={t.typed} placeholder={`Message ${other}`} />
      )}
    </section>
  );
}

function About({ conversation: c, tripHref }: { conversation: ChatConversation; tripHref: (id: string) => string }) {
  const text = aboutText(c);
  if (!text) return null;
  const href = c.trip ? tripHref(c.trip.id) : c.option ? `/experiences/${encodeURIComponent(c.option.slugCode)}` : null;
  return href ? (
    <a className="chat-thread__about" href={href}>
      {text}
    </a>
  ) : (
    <span className="chat-thread__about">{text}</span>
  );
}

function Message({ message: m, first, receipt, onDelete }: { message: ChatMessage; first: boolean; receipt: string | null; onDelete: (fileId: string) => Promise<void> }) {
  return (
    <li className={`chat-msg${m.mine ? ' chat-msg--mine' : ''}${first ? ' chat-msg--first' : ''}`} data-message-id={m.id}>
      {first && !m.mine && <p className="chat-msg__sender">{m.sender.name}</p>}
      {m.body && <p className="chat-bubble">{m.body}</p>}
      <MessageFiles message={m} onDelete={onDelete} />
      <p className="chat-msg__meta">
        <time dateTime={m.createdAt}>{clockTime(m.createdAt)}</time>
        {receipt && (
          <>
            <span aria-hidden="true">·</span>
            <span data-receipt="">{receipt}</span>
          </>
        )}
      </p>
    </li>
  );
}

function Pending({ pending: p, onRetry, onDiscard }: { pending: PendingMessage; onRetry: () => void; onDiscard: () => void }) {
  return (
    <li className={`chat-msg chat-msg--mine chat-msg--first ${p.error ? 'chat-msg--failed' : 'chat-msg--pending'}`} data-pending="">
      {p.body && <p className="chat-bubble">{p.body}</p>}
      {p.files.length > 0 && (
        <ul role="list" className="chat-uploads">
          {p.files.map((f, i) => (
            <li key={i} className={`chat-upload${p.error ? ' chat-upload--failed' : ''}`}>
              <span className="chat-upload__preview" aria-hidden="true">
                {f.type === 'application/pdf' ? 'PDF' : 'IMG'}
              </span>
              <span>
                <span className="chat-upload__name">{f.name}</span>
                {p.progress !== null && <progress max={1} value={p.progress} aria-label={`Uploading ${f.name}`} />}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="chat-msg__meta" role={p.error ? 'alert' : 'status'}>
        {p.error ? (
          <>
            <span className="chat-msg__error">Not sent: {p.error}</span>
            <button type="button" onClick={onRetry}>
              Retry
            </button>
            <button type="button" onClick={onDiscard}>
              Remove
            </button>
          </>
        ) : p.progress !== null ? (
          `Uploading… ${Math.round(p.progress * 100)}%`
        ) : (
          'Sending…'
        )}
      </p>
    </li>
  );
}
