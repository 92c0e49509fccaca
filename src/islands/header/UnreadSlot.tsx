// The unread dot beside 'Messages' (spec §2): hidden by the header's CSS until the signed-in user
// has a message they have not read; then a dot named for screen readers (an image with a label,
// so the entry's own text stays 'Messages').
import { useStore } from '@nanostores/react';
import { $hasUnreadMessage } from '../../stores/chat-unread.ts';

export function UnreadSlot({ className }: { className: string }) {
  const unread = useStore($hasUnreadMessage);
  return unread ? <span className={className} data-unread-slot="" data-unread="" role="img" aria-label="unread messages" /> : <span className={className} data-unread-slot="" />;
}
