import { sql } from 'drizzle-orm';
import { execute, type DatabaseHandle } from '../../db/client';
import { isDatabaseUnavailable } from '../../db/errors';
import { ownDeliveryKinds, type DeliveryKind } from '../../db/schema';
import { safeError, type Logger } from '../../logger';

/** One claimed row of the outbox: a message about a quote request. */
export interface ClaimedDelivery {
  id: string;
  quoteRequestId: string;
  kind: DeliveryKind;
  /** 1 on the first try. */
  attempt: number;
  createdAt: Date;
  /** Pushes: the device (null once it was removed). */
  pushSubscriptionId: string | null;
  /** Reminders: the threshold of business minutes. */
  reminderMinutes: number | null;
}

/** One claimed row of the site's own messages (ownDeliveryKinds), about no request. */
export type ClaimedOwnMessage = Omit<ClaimedDelivery, 'quoteRequestId' | 'kind'> & {
  quoteRequestId: null;
  kind: OwnDeliveryKind;
};
export type OwnDeliveryKind = (typeof ownDeliveryKinds)[number];

/** Whatever the outbox claimed: a request's message or one of the site's own. */
export type OutboxDelivery = ClaimedDelivery | ClaimedOwnMessage;

/**
 * Thrown by a sender for a message that may not go yet (a text in the night's quiet hours): the
 * delivery waits until `until`, neither a failure nor a try.
 */
export class DeliveryDeferred extends Error {
  constructor(readonly until: Date) {
    super(`Held until ${until.toISOString()}`);
    this.name = 'DeliveryDeferred';
  }
}

export const isOwnMessage = (delivery: OutboxDelivery): delivery is ClaimedOwnMessage =>
  delivery.quoteRequestId === null;

export interface OutboxWorkerOptions {
  database: DatabaseHandle;
  /** Sends one delivery; resolves once it was accepted, throws otherwise. */
  deliver: (delivery: ClaimedDelivery) => Promise<void>;
  /** A failure that no retry can mend (e.g. the recipient's address does not exist). */
  isPermanent?: (error: unknown, delivery: ClaimedDelivery) => boolean;
  /** The site's own messages (ownDeliveryKinds), as `deliver` and `isPermanent` are for a request's. */
  own?: {
    deliver: (message: ClaimedOwnMessage) => Promise<void>;
    isPermanent?: (error: unknown, message: ClaimedOwnMessage) => boolean;
  };
  /** Checks whether the mail path works again, while mail waits for a retry. */
  probeMail?: () => Promise<boolean>;
  logger: Logger;
  /** First retry after this long, doubling up to `maxDelayMs`. */
  retryBaseMs?: number;
  maxDelayMs?: number;
  /** A delivery still failing this long after it was written ends as 'failed'. */
  giveUpAfterMs?: number;
  /** How long a claim holds before another worker may take the delivery over (after a crash). */
  leaseMs?: number;
  /** How often to look for due deliveries written by other instances (and retries). */
  pollMs?: number;
  /** How often to probe the mail server while mail waits for a retry. */
  probeMs?: number;
  batchSize?: number;
}

export interface OutboxWorker {
  start(): void;
  /** Look for due deliveries now (after a request was stored). */
  wake(): void;
  /** One pass: claims and sends what is due. Returns how many were handled. */
  runOnce(): Promise<number>;
  /** Stops claiming, waits for sends in progress up to `timeoutMs`; true when all finished. */
  stop(timeoutMs: number): Promise<boolean>;
}

const mailKinds: readonly DeliveryKind[] = [
  'owner_alert',
  'confirmation',
  'reminder_email',
  'review_request',
  'review_reminder',
  'owner_password_reset',
  'owner_email_changed',
  'owner_password_changed',
  'estimate_email',
  'estimate_follow_up',
  'estimate_approved_email',
  'estimate_owner_alert',
  'invoice_email',
  'invoice_receipt',
  'invoice_reminder',
];

/**
 * The sending side of the transactional outbox. Deliveries are written with their
 * request in one transaction (the site's own messages, with what they are about); this worker, in every server process, claims due rows with
 * `FOR UPDATE SKIP LOCKED` and a lease, sends them, and records the outcome. At-least-once: a
 * process killed after sending but before recording leaves the lease to run out, and the
 * delivery is sent again; that is the only way a message goes out twice. Failures are retried
 * with exponential backoff for a day, then the delivery ends as 'failed' with its last error.
 */
export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const {
    database: { db },
    logger,
    retryBaseMs = 30_000,
    maxDelayMs = 3_600_000,
    giveUpAfterMs = 24 * 3_600_000,
    leaseMs = 120_000,
    pollMs = 5_000,
    probeMs = 60_000,
    batchSize = 10,
  } = options;
  let running = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> | undefined;
  let again = false;
  let lastProbe = 0;

  async function claim(): Promise<OutboxDelivery[]> {
    const result = await execute<{
      id: string;
      quote_request_id: string | null;
      kind: DeliveryKind;
      attempts: number;
      created_at: string | Date;
      push_subscription_id: string | null;
      reminder_minutes: number | null;
    }>(
      db,
      sql`
      update deliveries
         set locked_until = now() + ${`${leaseMs} milliseconds`}::interval, attempts = attempts + 1
       where id in (
             select id from deliveries
              where status = 'pending' and next_attempt_at <= now()
                and (locked_until is null or locked_until < now())
              -- the owner's alert before anything else written at the same time
              order by next_attempt_at, kind <> 'owner_alert'
              limit ${batchSize}
                for update skip locked)
      returning id, quote_request_id, kind, attempts, created_at, push_subscription_id, reminder_minutes`,
    );
    return result.rows.map((row) => {
      const common = {
        id: row.id,
        attempt: row.attempts,
        createdAt: new Date(row.created_at),
        pushSubscriptionId: row.push_subscription_id,
        reminderMinutes: row.reminder_minutes,
      };
      // The database holds every other kind to a request (deliveries_request_unless_own).
      return row.quote_request_id === null
        ? { ...common, quoteRequestId: null, kind: row.kind as OwnDeliveryKind }
        : { ...common, quoteRequestId: row.quote_request_id, kind: row.kind };
    });
  }

  async function handle(delivery: OutboxDelivery): Promise<void> {
    const context = { deliveryId: delivery.id, kind: delivery.kind, attempt: delivery.attempt };
    try {
      if (!isOwnMessage(delivery)) await options.deliver(delivery);
      else if (options.own) await options.own.deliver(delivery);
      else throw new Error(`No sender for ${delivery.kind} messages`);
    } catch (error) {
      if (error instanceof DeliveryDeferred) {
        await db.execute(sql`
          update deliveries set locked_until = null, attempts = attempts - 1, next_attempt_at = ${error.until.toISOString()}::timestamptz
           where id = ${delivery.id} and status = 'pending'`);
        logger.info({ ...context, until: error.until.toISOString() }, 'delivery held');
        return;
      }
      const permanent =
        (isOwnMessage(delivery)
          ? options.own?.isPermanent?.(error, delivery)
          : options.isPermanent?.(error, delivery)) ?? false;
      const expired = Date.now() - delivery.createdAt.getTime() >= giveUpAfterMs;
      const lastError = errorText(error);
      if (permanent || expired) {
        await db.execute(sql`
          update deliveries set status = 'failed', locked_until = null, last_error = ${lastError}
           where id = ${delivery.id} and status = 'pending'`);
        logger.error({ ...context, error: safeError(error).type, permanent }, 'delivery failed for good');
        return;
      }
      const delayMs = retryDelay(delivery.attempt);
      await db.execute(sql`
        update deliveries
           set locked_until = null, last_error = ${lastError},
               next_attempt_at = now() + ${`${delayMs} milliseconds`}::interval
         where id = ${delivery.id} and status = 'pending'`);
      logger.warn(
        { ...context, error: safeError(error).type, retryInSeconds: Math.round(delayMs / 1000) },
        'delivery failed, will retry',
      );
      return;
    }
    await db.execute(sql`
      update deliveries set status = 'sent', sent_at = now(), locked_until = null, last_error = null
       where id = ${delivery.id}`);
    logger.info(context, 'delivery sent');
  }

  function retryDelay(attempt: number): number {
    const exponential = Math.min(maxDelayMs, retryBaseMs * 2 ** Math.max(0, attempt - 1));
    // ±10 % so that instances retrying after the same outage do not all knock at once.
    return Math.round(exponential * (0.9 + Math.random() * 0.2));
  }

  /**
   * While mail waits for a retry, ask the mail server now and then; once it answers, make the
   * waiting mail due at once. True when it did.
   */
  async function probe(): Promise<boolean> {
    if (!options.probeMail || Date.now() - lastProbe < probeMs) return false;
    lastProbe = Date.now();
    const kinds = sql.join(
      mailKinds.map((kind) => sql`${kind}`),
      sql`, `,
    );
    const waiting = await execute<{ n: number }>(
      db,
      sql`
      select count(*)::int as n from deliveries
       where status = 'pending' and attempts > 0 and next_attempt_at > now() and kind in (${kinds})`,
    );
    if (!waiting.rows[0]?.n || !(await options.probeMail())) return false;
    await db.execute(sql`
      update deliveries set next_attempt_at = now()
       where status = 'pending' and attempts > 0 and next_attempt_at > now() and kind in (${kinds})`);
    logger.info({ deliveries: waiting.rows[0].n }, 'mail server answers again: retrying waiting mail now');
    return true;
  }

  /** Claims and sends until nothing is due. */
  async function drain(): Promise<number> {
    let handled = 0;
    for (;;) {
      const claimed = await claim();
      for (const delivery of claimed) await handle(delivery);
      handled += claimed.length;
      if (claimed.length < batchSize || stopping) return handled;
    }
  }

  async function runOnce(): Promise<number> {
    const handled = await drain();
    return (await probe()) ? handled + (await drain()) : handled;
  }

  /** Milliseconds until the next pending delivery is due (or its holder's lease runs out). */
  async function nextDueMs(): Promise<number> {
    const { rows } = await execute<{ ms: number | string | null }>(
      db,
      sql`
      select extract(epoch from min(greatest(next_attempt_at, coalesce(locked_until, next_attempt_at))) - now()) * 1000 as ms
        from deliveries where status = 'pending'`,
    );
    const ms = rows[0]?.ms;
    return ms === null || ms === undefined ? pollMs : Math.max(0, Number(ms));
  }

  function schedule(delayMs: number) {
    if (!running) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
  }

  function tick() {
    if (!running) return;
    if (pass) {
      again = true;
      return;
    }
    // The next pass: when the next retry is due, at the latest after `pollMs` (deliveries
    // written by other instances, and the mail server probe).
    pass = runOnce()
      .then(() => (again ? 0 : nextDueMs()))
      .catch((error: unknown) => {
        const level = isDatabaseUnavailable(error) ? 'warn' : 'error';
        logger[level]({ error: safeError(error) }, 'outbox pass failed');
        return pollMs;
      })
      .then((delayMs) => {
        pass = undefined;
        again = false;
        schedule(Math.min(delayMs, pollMs));
      });
  }

  return {
    start() {
      if (running) return;
      running = true;
      schedule(0);
    },
    wake() {
      if (running) schedule(0);
    },
    runOnce,
    async stop(timeoutMs) {
      running = false;
      stopping = true;
      clearTimeout(timer);
      if (!pass) return true;
      let timeout: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        pass.then(() => true),
        new Promise<boolean>((resolve) => {
          timeout = setTimeout(() => resolve(false), timeoutMs);
        }),
      ]);
      clearTimeout(timeout);
      return finished;
    },
  };
}

/** The error as the owner reads it in the delivery's state: one line, bounded. */
function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0]!.slice(0, 500);
}
