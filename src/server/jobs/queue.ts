// The one durable job queue (ADR 0023): pg-boss, keeping its jobs in the application's own
// database (schema `pgboss`), on PostgreSQL and on the embedded PGlite alike. Work that must
// happen later or be retried (a gift's e-mail on its send date; later reminders, scheduled
// publishes, payouts) is enqueued in the same transaction as the change that causes it, so a
// crash can neither lose the job nor run it for a change that was rolled back. Handlers must be
// idempotent: a job whose process died after the handler committed runs again.
import { sql } from 'drizzle-orm';
// drizzle's execute() is typed as returning unknown rows; the adapter unwraps them at run time.
import { fromDrizzle, fromPglite, PgBoss, type Db as BossDb, type DrizzleTransactionLike } from 'pg-boss';
import type { Logger } from 'pino';
import type { Database, Db, Tx } from '../db/client.ts';

/** Every queue the product runs, with its retry policy. */
export const QUEUES = {
  /** Sends one gift's e-mail to its recipient (services/gifts/delivery.ts). */
  giftDelivery: { name: 'gift-delivery', retryLimit: 10, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 300 },
  /** Hands one kept outbox message to the mail transport, retried while it fails (providers/mail.ts). */
  mailDelivery: { name: 'mail-delivery', retryLimit: 10, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 120 },
  /**
   * The booking sweeper (services/booking/checkout/sweeper.ts), every minute on a schedule. One
   * job per minute for all processes; `stately` keeps at most one waiting and one running, and a
   * failed sweep is not retried (the next minute's sweep does the same work).
   */
  bookingSweep: { name: 'booking-sweep', policy: 'stately', retryLimit: 0, expireInSeconds: 300, deleteAfterSeconds: 3600 },
  /**
   * Reconciliation (services/booking/checkout/reconcile.ts, ADR 0047): the payment provider's
   * ledger against our orders, every five minutes; like the sweeper, at most one waiting and one
   * running, and a failed run is not retried (the next one does the same work).
   */
  paymentReconcile: { name: 'payment-reconcile', policy: 'stately', retryLimit: 0, expireInSeconds: 600, deleteAfterSeconds: 86400 },
  /**
   * Brings queued publish runs live (services/publish.ts). A run records its own failure, so a
   * retry only follows a crash of the worker's process; a full build at 20,000 options fits in
   * the expiry.
   */
  sitePublish: { name: 'site-publish', retryLimit: 2, retryDelay: 5, expireInSeconds: 1800 },
  /**
   * Deletes photos uploaded through the back-offices that nothing used a day later (row and stored
   * file; services/images.ts), every hour on a schedule. Like the booking sweep: at most one
   * waiting and one running, and a failed sweep is not retried (the next hour's does the work).
   */
  imageCleanup: { name: 'image-cleanup', policy: 'stately', retryLimit: 0, expireInSeconds: 600, deleteAfterSeconds: 86400 },
  /** Publishes one record's draft at the time an editor chose (services/admin/editing.ts). */
  scheduledPublish: { name: 'scheduled-publish', retryLimit: 5, retryDelay: 30, retryBackoff: true, retryDelayMax: 900, expireInSeconds: 600 },
  /**
   * One e-mail about chat messages a side has not read within 15 minutes, per conversation burst
   * (services/chat/unread-mail.ts); idempotent through the conversation's `*_emailed_up_to`.
   */
  /** Sends one consented conversion event to the ad platform (services/conversion-events.ts); idempotent by its status. */
  conversionEvent: { name: 'conversion-event', retryLimit: 8, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 60 },
  /**
   * One trip notice on WhatsApp (services/trip-notices/send.ts, ADR 0046); idempotent by the
   * notice row's status, which the handler changes in the transaction that keeps the message.
   */
  tripNotice: { name: 'trip-notice', retryLimit: 10, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 120 },
  /** Hands one kept WhatsApp notice to the Cloud API, retried while it fails (providers/whatsapp-notices.ts). */
  whatsappDelivery: { name: 'whatsapp-delivery', retryLimit: 10, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 60 },
  /**
   * Expires verified tag evidence (services/tag-evidence.ts): one job per certification at the
   * first moment after its last valid day, and a daily sweep (no data) for evidence that has no
   * job of its own. Idempotent: stale jobs do nothing.
   */
  tagEvidenceExpiry: { name: 'tag-evidence-expiry', retryLimit: 5, retryDelay: 30, retryBackoff: true, retryDelayMax: 900, expireInSeconds: 300 },
  chatUnreadMail: { name: 'chat-unread-mail', retryLimit: 10, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 120 },
} as const;

/** Recurring jobs (cron, UTC): installed by every listening process, sent once per occurrence by pg-boss. */
export const SCHEDULES = [
  { queue: QUEUES.bookingSweep.name, cron: '* * * * *' },
  { queue: QUEUES.imageCleanup.name, cron: '17 * * * *' },
  { queue: QUEUES.paymentReconcile.name, cron: '*/5 * * * *' },
  { queue: QUEUES.tagEvidenceExpiry.name, cron: '7 0 * * *' },
] as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES]['name'];

export type JobHandler<T> = (data: T, job: { id: string; retryCount: number }) => Promise<void>;

function bossDb(database: Pick<Database, 'driver'>): BossDb {
  if (database.driver.kind === 'pglite') return fromPglite(database.driver.client);
  const pool = database.driver.pool;
  return { executeSql: (text, values) => pool.query(text, values as unknown[] | undefined) };
}

export type JobQueueOptions = {
  /** How often an idle worker looks for due jobs (seconds). */
  pollSeconds?: number;
};

export class JobQueue {
  readonly #boss: PgBoss;
  readonly #log: Logger;
  #starting: Promise<void> | null = null;
  #running = false;
  readonly #pollSeconds: number;
  readonly #workers = new Map<QueueName, string[]>();

  constructor(database: Pick<Database, 'driver'>, log: Logger, opts: JobQueueOptions = {}) {
    this.#log = log;
    this.#pollSeconds = opts.pollSeconds ?? 2;
    // One owner process for PGlite (ADR 0002): no LISTEN/NOTIFY needed, polling is the floor.
    this.#boss = new PgBoss({ db: bossDb(database), schema: 'pgboss', ...(database.driver.kind === 'pglite' ? { backend: 'pglite' as const } : {}) });
    this.#boss.on('error', (err) => this.#log.error({ err }, 'job queue error'));
  }

  /** Installs or migrates the queue's schema and its queues; idempotent. */
  start(): Promise<void> {
    this.#starting ??= (async () => {
      // Several API processes starting on a fresh database install the queue's schema at once:
      // all but one fail (23505 on the schema), and start again on what the winner installed.
      await this.#boss.start({ attempts: 4 });
      for (const q of Object.values(QUEUES)) {
        const { name, ...policy } = q;
        if (!(await this.#boss.getQueue(name))) await this.#boss.createQueue(name, policy);
      }
      this.#running = true;
    })();
    return this.#starting;
  }

  get running() {
    return this.#running;
  }

  #assertRunning() {
    if (!this.#running) throw new Error('The job queue is not started in this process (JobQueue.start)');
  }

  /**
   * Enqueues a job inside the caller's transaction: it exists only if that transaction commits.
   * `key` names the job (e.g. `gift:<id>`) so it can be found and rescheduled.
   */
  async enqueue<T extends object>(tx: Db | Tx, name: QueueName, data: T, opts: { startAfter: Date; key: string }): Promise<string> {
    this.#assertRunning();
    const id = await this.#boss.send(name, data, { startAfter: opts.startAfter, singletonKey: opts.key, db: fromDrizzle(tx as unknown as DrizzleTransactionLike, sql) });
    if (!id) throw new Error(`job ${name} ${opts.key} was not enqueued`);
    return id;
  }

  /**
   * Installs (or updates) a recurring job: pg-boss's own cron pass sends one job per occurrence,
   * whichever processes are running (its throttle slot keeps two from sending the same one).
   */
  async schedule(name: QueueName, cron: string): Promise<void> {
    this.#assertRunning();
    await this.#boss.schedule(name, cron, null, { tz: 'UTC' });
  }

  /** The recurring jobs installed for `name` (tests). */
  async schedulesOf(name: QueueName) {
    this.#assertRunning();
    return (await this.#boss.getSchedules(name)).map((s) => ({ name: s.name, cron: s.cron }));
  }

  /** Moves a queued job's start (the test clock uses it to let time pass for one job). */
  async reschedule(name: QueueName, key: string, startAfter: Date): Promise<number> {
    this.#assertRunning();
    const res = await this.#boss.update(name, undefined, { singletonKey: key, startAfter });
    return res.updated;
  }

  /** Jobs of one key, newest first (tests and the restart check read their state). */
  async jobsOf(name: QueueName, key: string) {
    this.#assertRunning();
    const jobs = await this.#boss.findJobs(name, { key });
    return jobs.map((j) => ({ id: j.id, state: j.state, startAfter: j.startAfter, retryCount: j.retryCount }));
  }

  /** Runs `handler` for each due job of `name`, in this process, until stop(). */
  async work<T extends object>(name: QueueName, handler: JobHandler<T>): Promise<void> {
    this.#assertRunning();
    const workerId = await this.#boss.work<T>(name, { pollingIntervalSeconds: this.#pollSeconds, batchSize: 1 }, async ([job]) => {
      if (!job) return;
      try {
        await handler(job.data, { id: job.id, retryCount: 0 });
      } catch (err) {
        this.#log.error({ err, queue: name, jobId: job.id }, 'job failed; the queue will retry it');
        throw err;
      }
    });
    this.#workers.set(name, [...(this.#workers.get(name) ?? []), workerId]);
  }

  /** Makes this process's workers of `name` look for jobs now instead of at their next poll. */
  wake(name: QueueName): void {
    for (const id of this.#workers.get(name) ?? []) this.#boss.notifyWorker(id);
  }

  /** Runs the due jobs of `name` once, now, and returns how many ran (tests; no polling). */
  async runDue<T extends object>(name: QueueName, handler: JobHandler<T>): Promise<number> {
    this.#assertRunning();
    const jobs = await this.#boss.fetch<T>(name, { batchSize: 50 });
    for (const job of jobs) {
      try {
        await handler(job.data, { id: job.id, retryCount: 0 });
        await this.#boss.complete(name, job.id);
      } catch (err) {
        this.#log.error({ err, queue: name, jobId: job.id }, 'job failed; the queue will retry it');
        await this.#boss.fail(name, job.id, { message: err instanceof Error ? err.message : String(err) });
      }
    }
    return jobs.length;
  }

  async stop(): Promise<void> {
    if (!this.#starting) return;
    await this.#starting.catch(() => {});
    this.#running = false;
    await this.#boss.stop({ graceful: true, close: false, timeout: 5_000 });
  }
}
