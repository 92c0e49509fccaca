// The test clock for gifts (development and tests only, like the test gateway's clock): "it is
// now `at`" for one gift moves its delivery job as if that much time had passed, so the queue's
// own worker sends it when `at` is past the send date. Nothing else is touched.
import type { JobQueue } from '../../jobs/queue.ts';
import { QUEUES } from '../../jobs/queue.ts';
import type { GiftRow } from './gift-view.ts';
import { giftJobKey } from './place.ts';
import { sendAtOf } from './send-time.ts';

export async function moveGiftClock(jobs: JobQueue, gift: GiftRow, at: Date, now = new Date()): Promise<{ due: boolean; moved: number }> {
  if (gift.status !== 'scheduled') return { due: false, moved: 0 };
  const sendAt = sendAtOf(gift.sendDate, gift.createdAt);
  const startAfter = new Date(Math.max(0, sendAt.getTime() - Math.max(0, at.getTime() - now.getTime())));
  const moved = await jobs.reschedule(QUEUES.giftDelivery.name, giftJobKey(gift.id), startAfter);
  return { due: startAfter.getTime() <= now.getTime(), moved };
}
