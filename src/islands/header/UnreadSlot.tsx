// The unread dot beside 'Messages' (spec §2): empty (and hidden by the header's CSS) until the
// signed-in user has a message they have not read; then a dot with words for screen readers.
import { useStore } from '@nanostores/react';
import { $hasUnreadMessage } from '../../stores/chat-unread.ts';

export function UnreadSlot({ className }: { className: string }) {
  const unread = useStore($hasUnreadMessage);
  return (
    <span className={className} data-unread-slot="">
      {unread && <span className="visually-hidden">(unread messages)</span>}
    </span>
  );
}
