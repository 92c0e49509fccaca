// One open conversation, live: its newest messages, older ones on request, messages on their way,
// what arrives over the realtime socket (messages, changes, typing, read receipts), what was missed
// while the socket was down (asked with `after`), and the read mark sent while the page is seen.
import { useCallback, useEffect, useRef, useState } from 'react';
import { chatMessages, chatThread, deleteChatFile, readChatMessages, sendChatMessage } from '../../api-client/chat.ts';
import { errorMessage } from '../../api-client/client.ts';
import type { ChatConversation, ChatMessage } from '../../contract/chat.ts';
import { lastId, mergeMessages, newClientRef, unreadUpTo, withoutDelivered, type PendingMessage } from '../../lib/chat-thread.ts';
import { refreshChatUnread } from '../../stores/chat-unread.ts';
import { $realtimeStatus, onRealtime, sendRealtime } from '../../stores/realtime.ts';

export type ThreadState =
  | { status: 'loading' }
  | { status: 'error'; error: string; notFound: boolean }
  | { status: 'ready'; conversation: ChatConversation; messages: ChatMessage[]; hasMore: boolean };

/** How long "… is typing" stays without another typing event (the sender repeats every 3 s). */
const TYPING_MS = 5000;
/** The least time between two typing hints this page sends. */
const TYPING_EVERY_MS = 3000;

export function useThread(id: string, onConversation: (c: ChatConversation) => void) {
  const [state, setState] = useState<ThreadState>({ status: 'loading' });
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [earlier, setEarlier] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const [typing, setTyping] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const live = useRef(state);
  live.current = state;
  const report = useRef(onConversation);
  report.current = onConversation;
  const files = useRef(new Map<string, File[]>());

  const update = useCallback((fn: (s: Extract<ThreadState, { status: 'ready' }>) => Extract<ThreadState, { status: 'ready' }>) => {
    setState((s) => (s.status === 'ready' ? fn(s) : s));
  }, []);

  // The thread: newest messages first load.
  useEffect(() => {
    let on = true;
    setState({ status: 'loading' });
    setPending([]);
    setTyping(null);
    chatThread(id).then(
      ({ data }) => {
        if (!on) return;
        setState({ status: 'ready', conversation: data.conversation, messages: data.messages, hasMore: data.hasMore });
        report.current(data.conversation);
      },
      (err: unknown) => {
        if (!on) return;
        console.error('The conversation could not be loaded', err);
        setState({ status: 'error', error: errorMessage(err), notFound: (err as { status?: number }).status === 404 });
      },
    );
    return () => {
      on = false;
    };
  }, [id, round]);

  // Live: messages, changed messages, typing, read receipts.
  useEffect(() => {
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    const mine = (e: Record<string, unknown>) => e['conversationId'] === id;
    const stops = [
      onRealtime('chat.message', (e) => {
        if (!mine(e)) return;
        const message = e['message'] as ChatMessage;
        update((s) => ({ ...s, messages: mergeMessages(s.messages, [message]) }));
        if (!message.mine) {
          clearTimeout(typingTimer);
          setTyping(null);
        }
      }),
      onRealtime('chat.message_updated', (e) => {
        if (!mine(e)) return;
        const message = e['message'] as ChatMessage;
        update((s) => ({ ...s, messages: s.messages.map((m) => (m.id === message.id ? message : m)) }));
      }),
      onRealtime('chat.typing', (e) => {
        if (!mine(e) || live.current.status !== 'ready' || e['side'] === live.current.conversation.viewerSide) return;
        setTyping(String(e['name']));
        clearTimeout(typingTimer);
        typingTimer = setTimeout(() => setTyping(null), TYPING_MS);
      }),
      onRealtime('chat.read', (e) => {
        if (!mine(e)) return;
        const readUpTo = Number(e['readUpTo']);
        update((s) =>
          e['side'] === s.conversation.viewerSide
            ? { ...s, conversation: { ...s.conversation, readUpTo: Math.max(s.conversation.readUpTo, readUpTo), unread: false, unreadCount: 0 } }
            : { ...s, conversation: { ...s.conversation, otherReadUpTo: Math.max(s.conversation.otherReadUpTo, readUpTo) } },
        );
      }),
    ];
    return () => {
      clearTimeout(typingTimer);
      for (const stop of stops) stop();
    };
  }, [id, update]);

  // What was sent while this page could not hear it (nothing is lost, issue 17): fetched once the
  // thread has loaded (events that came while it loaded were dropped) and whenever the socket
  // opens, the first time too (a message can land between the thread's load and the connection).
  const catchUp = useCallback(async () => {
    const s = live.current;
    if (s.status !== 'ready') return;
    try {
      let after = lastId(s.messages);
      for (let more = true; more; ) {
        const { data } = await chatMessages(id, { after });
        update((t) => ({ ...t, messages: mergeMessages(t.messages, data.messages) }));
        after = Math.max(after, lastId(data.messages));
        more = data.hasMore && data.messages.length > 0;
      }
    } catch (err) {
      console.error('Missed messages could not be fetched', err);
    }
  }, [id, update]);
  useEffect(() => $realtimeStatus.listen((status) => status === 'open' && void catchUp()), [catchUp]);
  const loaded = state.status === 'ready';
  useEffect(() => {
    if (loaded) void catchUp();
  }, [loaded, catchUp]);

  // Messages on their way leave once the thread holds them.
  useEffect(() => {
    if (state.status === 'ready') setPending((p) => (p.length ? withoutDelivered(p, state.messages) : p));
  }, [state]);

  // The read mark: what the other side wrote is read while the page is seen.
  const ready = state.status === 'ready' ? state : null;
  const toRead = ready && ready.conversation.viewerSide !== 'admin' ? unreadUpTo(ready.messages, ready.conversation.readUpTo) : null;
  useEffect(() => {
    if (toRead === null) return;
    let on = true;
    const mark = () => {
      if (document.visibilityState !== 'visible') return;
      document.removeEventListener('visibilitychange', mark);
      readChatMessages({ conversationId: id, upTo: toRead }).then(
        ({ data }) => {
          if (!on) return;
          update((s) => ({ ...s, conversation: { ...s.conversation, readUpTo: Math.max(s.conversation.readUpTo, data.readUpTo), unread: false, unreadCount: 0 } }));
          void refreshChatUnread();
        },
        (err: unknown) => console.error('The read mark could not be saved', err),
      );
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => {
      on = false;
      document.removeEventListener('visibilitychange', mark);
    };
  }, [id, toRead, update]);

  useEffect(() => {
    if (ready) report.current(ready.conversation);
  }, [ready?.conversation]);

  const loadEarlier = useCallback(async () => {
    const s = live.current;
    if (s.status !== 'ready' || !s.hasMore || earlier.busy) return;
    setEarlier({ busy: true, error: null });
    try {
      const { data } = await chatMessages(id, { before: s.messages[0]?.id ?? 1 });
      update((t) => ({ ...t, messages: mergeMessages(t.messages, data.messages), hasMore: data.hasMore }));
      setEarlier({ busy: false, error: null });
    } catch (err) {
      console.error('Earlier messages could not be loaded', err);
      setEarlier({ busy: false, error: errorMessage(err) });
    }
  }, [id, earlier.busy, update]);

  const deliver = useCallback(
    async (p: PendingMessage) => {
      const attached = files.current.get(p.clientRef) ?? [];
      const setOne = (patch: Partial<PendingMessage>) => setPending((all) => all.map((x) => (x.clientRef === p.clientRef ? { ...x, ...patch } : x)));
      setOne({ error: null, progress: attached.length ? 0 : null });
      try {
        const { message } = await sendChatMessage({ conversationId: id, body: p.body, clientRef: p.clientRef }, attached, { onProgress: (share) => setOne({ progress: share }) });
        files.current.delete(p.clientRef);
        update((s) => ({ ...s, messages: mergeMessages(s.messages, [message]) }));
      } catch (err) {
        console.error('The message could not be sent', err);
        setOne({ error: errorMessage(err), progress: null });
      }
    },
    [id, update],
  );

  const send = useCallback(
    (body: string, attached: File[]) => {
      const p: PendingMessage = { clientRef: newClientRef(), body, files: attached, progress: attached.length ? 0 : null, error: null, createdAt: new Date().toISOString() };
      files.current.set(p.clientRef, attached);
      setPending((all) => [...all, p]);
      void deliver(p);
    },
    [deliver],
  );

  const pendingNow = useRef(pending);
  pendingNow.current = pending;
  const retry = useCallback(
    (clientRef: string) => {
      const p = pendingNow.current.find((x) => x.clientRef === clientRef);
      if (p) void deliver(p);
    },
    [deliver],
  );

  const discard = useCallback((clientRef: string) => {
    files.current.delete(clientRef);
    setPending((all) => all.filter((x) => x.clientRef !== clientRef));
  }, []);

  /** Deletes one of the viewer's files; the answer is the message without it. */
  const deleteFile = useCallback(
    async (fileId: string) => {
      const { data } = await deleteChatFile(fileId);
      update((s) => ({ ...s, messages: s.messages.map((m) => (m.id === data.message.id ? data.message : m)) }));
    },
    [update],
  );

  const lastTyping = useRef(0);
  const typed = useCallback(() => {
    const now = Date.now();
    if (now - lastTyping.current < TYPING_EVERY_MS) return;
    lastTyping.current = now;
    sendRealtime({ type: 'chat.typing', conversationId: id });
  }, [id]);

  return { state, pending, earlier, typing, loadEarlier, send, retry, discard, deleteFile, typed, reload: () => setRound((r) => r + 1) };
}
