// A message's attachments: images as thumbnails that open full size, PDFs as a file card; each
// with a download link, and for the sender a way to delete it (DELETE /chat_message_files/{id}).
import { useState } from 'react';
import { errorMessage } from '../../api-client/client.ts';
import type { ChatMessage } from '../../contract/chat.ts';
import { fileSizeText } from '../../lib/chat-thread.ts';

export default function MessageFiles({ message, onDelete }: { message: ChatMessage; onDelete: (fileId: string) => Promise<void> }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (message.files.length === 0 && message.removedFiles === 0) return null;

  async function remove(id: string, name: string) {
    if (busy || !window.confirm(`Delete ${name}? The other side will no longer see it.`)) return;
    setBusy(id);
    setError(null);
    try {
      await onDelete(id);
    } catch (err) {
      console.error('The attachment could not be deleted', err);
      setError(`${name} could not be deleted: ${errorMessage(err)}`);
    }
    setBusy(null);
  }

  return (
    <>
      <ul role="list" className="chat-files" aria-label="Attachments">
        {message.files.map((f) => (
          <li key={f.id} className="chat-file" data-file-id={f.id}>
            {f.kind === 'image' ? (
              <a className="chat-file__thumb" href={f.url} target="_blank" rel="noopener">
                <img src={f.url} alt={f.name} width={f.width ?? 192} height={f.height ?? 144} loading="lazy" />
              </a>
            ) : (
              <a className="chat-file__doc" href={f.url} download={f.name}>
                <span className="chat-file__icon" aria-hidden="true">
                  PDF
                </span>
                <span>
                  <span className="chat-file__name">{f.name}</span>
                  <span className="chat-file__size">{fileSizeText(f.sizeBytes)}</span>
                </span>
              </a>
            )}
            <span className="chat-file__actions">
              <a href={f.url} download={f.name}>
                Download<span className="visually-hidden"> {f.name}</span>
              </a>
              {message.mine && (
                <button type="button" disabled={busy === f.id} onClick={() => void remove(f.id, f.name)}>
                  {busy === f.id ? 'Deleting…' : 'Delete'}
                  <span className="visually-hidden"> {f.name}</span>
                </button>
              )}
            </span>
          </li>
        ))}
        {message.removedFiles > 0 && (
          <li className="chat-file--deleted">
            {message.removedFiles === 1 ? 'An attachment was deleted' : `${message.removedFiles} attachments were deleted`}
          </li>
        )}
      </ul>
      {error && (
        <p className="chat-msg__error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
