// The /chat/* shell's island (spec §2 Chat; issue 17): waits for the session, asks a guest to log
// in, starts (or reopens) a conversation from /chat/new?option=|trip=|operator= (the "Ask the
// operator" links, plain links that work before any script), and shows the message centre.
// Spec §2: the footer is hidden while chat is open and shown again when it closes (log-out here;
// every other page has its own), and leaving chat closes its connection (the page's socket goes
// with the page).
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { startChatConversation } from '../../api-client/chat.ts';
import { errorMessage } from '../../api-client/client.ts';
import { chatHref, chatRoute, type ChatStart } from '../../lib/chat-pages.ts';
import { $isFooterHidden, hideFooter, openLoginModal, showFooter } from '../../stores/ui.ts';
import { $sessionState, $user } from '../../stores/user.ts';
import { Loading } from '../account/parts.tsx';
import ChatView from './ChatView.tsx';
import '../account/account.css';
import './chat.css';

function useHiddenFooter() {
  useEffect(() => {
    const footer = document.querySelector<HTMLElement>('[data-chat-footer]');
    hideFooter();
    const stop = $isFooterHidden.subscribe((hidden) => footer?.toggleAttribute('hidden', hidden));
    return () => {
      stop();
      showFooter();
    };
  }, []);
}

function Start({ about }: { about: ChatStart | null }) {
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!about) return;
    let on = true;
    setError(null);
    startChatConversation(about).then(
      ({ data }) => on && location.replace(chatHref(data.conversation.id)),
      (err: unknown) => {
        console.error('The conversation could not be started', err);
        if (on) setError(errorMessage(err));
      },
    );
    return () => {
      on = false;
    };
  }, [round]);

  if (about && !error) return <Loading label="Opening the conversation…" />;
  return (
    <div className="chat-start" role="alert">
      <p className="eyebrow">Messages</p>
      <h1>The conversation could not be opened</h1>
      <p className="lead">{error ?? 'This link does not say what the conversation is about.'}</p>
      <p className="chat-start__actions">
        {about && (
          <button type="button" className="button" onClick={() => setRound((r) => r + 1)}>
            Try again
          </button>
        )}
        <a className="text-link" href="/chat">
          Your messages
        </a>
      </p>
    </div>
  );
}

export default function ChatApp() {
  const [route] = useState(() => chatRoute(location.pathname, location.search));
  const user = useStore($user);
  const session = useStore($sessionState);
  useHiddenFooter();

  if (route.page === 'unknown') {
    return (
      <div className="chat-start">
        <p className="eyebrow">Messages</p>
        <h1>This page isn’t part of your messages</h1>
        <p className="lead">The address may be mistyped, or the page has moved.</p>
        <p className="chat-start__actions">
          <a className="button" href="/chat">
            Your messages
          </a>
        </p>
      </div>
    );
  }
  if (session !== 'ready') return <Loading label="Loading your messages…" />;
  if (!user) {
    return (
      <div className="chat-start" aria-live="polite">
        <p className="eyebrow">Messages</p>
        <h1>{route.page === 'new' ? 'Log in to message the operator' : 'Log in to see your messages'}</h1>
        <p className="lead">Your conversations with the operators of your experiences live in your Verdant account.</p>
        <p className="chat-start__actions">
          <button type="button" className="button" onClick={openLoginModal}>
            Log In
          </button>
          <a className="text-link" href="/">
            Back to the home page
          </a>
        </p>
      </div>
    );
  }
  if (route.page === 'new') return <Start about={route.about} />;
  return (
    <ChatView
      operator={null}
      base="/chat"
      keep=""
      title="Messages"
      headingLevel={1}
      tripHref={(id) => `/account/trips/${encodeURIComponent(id)}`}
      emptyText="Ask an operator about an experience from its page (“Ask the operator”), or about a booked trip from Bookings."
      blankText="Choose a conversation to read it. Operators usually answer within a day."
    />
  );
}
