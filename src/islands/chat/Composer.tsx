// Writing a message: Enter sends, Shift+Enter starts a new line; the paperclip adds photos and
// PDFs (checked at once for type, size and number, shown with a preview before sending). While the
// person types, the other side is told (a hint over the socket, at most every 3 s).
import { useEffect, useId, useRef, useState } from 'react';
import { CHAT_FILES, CHAT_MESSAGE_MAX_LENGTH } from '../../contract/chat.ts';
import { checkFiles, fileSizeText } from '../../lib/chat-thread.ts';
import { AttachIcon, CloseIcon, SendIcon } from './parts.tsx';

type Picked = { file: File; preview: string | null };
const forget = (p: Picked) => p.preview && URL.revokeObjectURL(p.preview);

export default function Composer({ conversationId, onSend, onTyping, placeholder }: { conversationId: string; onSend: (body: string, files: File[]) => void; onTyping: () => void; placeholder: string }) {
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<Picked[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();
  const errorId = useId();

  // Another conversation: start empty, focused.
  useEffect(() => {
    setText('');
    setPicked((all) => {
      all.forEach(forget);
      return [];
    });
    setProblem(null);
    if (window.matchMedia('(min-width: 769px)').matches) area.current?.focus();
  }, [conversationId]);

  const pickedNow = useRef(picked);
  pickedNow.current = picked;
  useEffect(() => () => pickedNow.current.forEach(forget), []);

  const body = text.trim();
  const canSend = (body.length > 0 || picked.length > 0) && body.length <= CHAT_MESSAGE_MAX_LENGTH;

  function send() {
    if (!canSend) return;
    onSend(body, picked.map((p) => p.file));
    picked.forEach(forget);
    setText('');
    setPicked([]);
    setProblem(null);
    area.current?.focus();
  }

  function add(list: FileList | null) {
    const files = [...(list ?? [])];
    if (input.current) input.current.value = '';
    if (files.length === 0) return;
    const { ok, problem } = checkFiles(files, picked.length);
    setProblem(problem);
    setPicked((p) => [...p, ...ok.map((i) => ({ file: files[i]!, preview: files[i]!.type.startsWith('image/') ? URL.createObjectURL(files[i]!) : null }))]);
  }

  const over = body.length > CHAT_MESSAGE_MAX_LENGTH;
  return (
    <form
      className="chat-composer"
      aria-label="Write a message"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      {problem && (
        <p className="chat-composer__error" role="alert" id={errorId}>
          {problem}
        </p>
      )}
      {picked.length > 0 && (
        <ul role="list" className="chat-uploads" aria-label="Files to send">
          {picked.map((p, i) => (
            <li key={`${p.file.name}-${i}`} className="chat-upload">
              <span className="chat-upload__preview" aria-hidden="true">
                {p.preview ? <img src={p.preview} alt="" /> : 'PDF'}
              </span>
              <span>
                <span className="chat-upload__name">{p.file.name}</span>
                <span className="chat-upload__state">{fileSizeText(p.file.size)}</span>
              </span>
              <button type="button" className="chat-icon-button chat-upload__remove" onClick={() => {
                  forget(p);
                  setPicked((all) => all.filter((_, k) => k !== i));
                }}>
                <CloseIcon size={16} />
                <span className="visually-hidden">Remove {p.file.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="chat-composer__row">
        <input ref={input} type="file" hidden multiple accept={CHAT_FILES.accept} aria-label="Attach photos or PDFs" data-chat-file-input="" onChange={(e) => add(e.target.files)} />
        <button type="button" className="chat-icon-button" disabled={picked.length >= CHAT_FILES.maxFiles} onClick={() => input.current?.click()}>
          <AttachIcon />
          <span className="visually-hidden">Attach photos or PDFs</span>
        </button>
        <label className="visually-hidden" htmlFor={`${hintId}-text`}>
          Message
        </label>
        <textarea
          ref={area}
          id={`${hintId}-text`}
          rows={1}
          placeholder={placeholder}
          value={text}
          aria-describedby={[hintId, problem ? errorId : ''].filter(Boolean).join(' ')}
          aria-invalid={over || undefined}
          onChange={(e) => {
            setText(e.target.value);
            if (e.target.value.trim()) onTyping();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              send();
            }
          }}
        />
        <button type="submit" className="chat-icon-button chat-send" disabled={!canSend}>
          <SendIcon />
          <span className="visually-hidden">Send</span>
        </button>
      </div>
      <p className="chat-composer__hint" id={hintId}>
        {over ? `${body.length - CHAT_MESSAGE_MAX_LENGTH} characters too long (at most ${CHAT_MESSAGE_MAX_LENGTH})` : `Enter to send, Shift + Enter for a new line. Photos and PDFs up to ${fileSizeText(CHAT_FILES.maxBytes)}.`}
      </p>
    </form>
  );
}
