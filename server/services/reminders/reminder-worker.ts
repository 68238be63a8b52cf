import { sql } from 'drizzle-orm';
import { addBusinessMinutes, isBusinessTime, type BusinessHours } from '@shared/business-hours';
import { execute, type DatabaseHandle } from '../../db/client';
import { isDatabaseUnavailable } from '../../db/errors';
import { deliveries, leadReminders } from '../../db/schema';
import { safeError, type Logger } from '../../logger';
import { enqueuePushes } from '../push/devices';

export interface ReminderWorkerOptions {
  database: DatabaseHandle;
  /** Business minutes after which a request still New is reminded of, each once (LEAD_REMINDER_MINUTES). */
  thresholds: readonly number[];
  /** The business hours, read at each check (the owner's saved hours can change while it runs). */
  hours: BusinessHours | (() => BusinessHours);
  logger: Logger;
  /** Called after reminders were written to the outbox (wakes the outbox worker). */
  onEnqueued?: () => void;
  pollMs?: number;
  /** Requests older than this are not reminded of any more. */
  lookbackDays?: number;
}

export interface ReminderWorker {
  start(): void;
  /** One pass at the time `now`: writes the reminders due by then. Returns how many it wrote. */
  runOnce(now: Date): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Keeps the 24-hour promise: a request still New (and not answered by a tap on Call, Text or
 * Reply) after each threshold of business time sends the owner a reminder, a push to each device
 * and an e-mail, through the outbox. The reminder's row (a key of request and threshold) and its
 * deliveries are written in one transaction, so however many servers run and however they stop,
 * each reminder is written once and then sent by the outbox. Nothing is written outside business
 * hours; after a long stop, the thresholds that passed meanwhile are recorded and only the
 * latest of them is sent.
 */
export function createReminderWorker(options: ReminderWorkerOptions): ReminderWorker {
  const { database, logger, pollMs = 60_000, lookbackDays = 30 } = options;
  const hoursNow = () => (typeof options.hours === 'function' ? options.hours() : options.hours);
  const thresholds = [...options.thresholds].sort((a, b) => a - b);
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<unknown> | undefined;
  let running = false;

  async function candidates(now: Date) {
    const since = new Date(now.getTime() - lookbackDays * 24 * 3600_000);
    const { rows } = await execute<{ id: string; created_at: string | Date; done: number[] | null }>(
      database.db,
      sql`
      select q.id, q.created_at,
             (select array_agg(r.threshold_minutes) from lead_reminders r where r.quote_request_id = q.id) as done
        from quote_requests q join quote_request_states s on s.quote_request_id = q.id
       where s.status = 'new' and s.first_answered_at is null
         and q.created_at > ${since.toISOString()} and q.created_at <= ${now.toISOString()}
         and (select count(*) from lead_reminders r where r.quote_request_id = q.id) < ${thresholds.length}`,
    );
    return rows.map((row) => ({ id: row.id, createdAt: new Date(row.created_at), done: (row.done ?? []).map(Number) }));
  }

  /** Writes the reminders of one request that are due; true when one was sent. */
  async function remind(request: { id: string; createdAt: Date; done: number[] }, now: Date): Promise<boolean> {
    const due = thresholds
      .filter((minutes) => !request.done.includes(minutes))
      .map((minutes) => ({ minutes, at: addBusinessMinutes(request.createdAt, minutes, hoursNow()) }))
      .filter((reminder) => reminder.at <= now);
    if (due.length === 0) return false;
    const latest = due[due.length - 1]!;
    return database.transaction(async (tx) => {
      let sends = false;
      for (const reminder of due) {
        // Only while the request is still unanswered; the key makes a second writer a no-op.
        const { rows } = await execute<{ quote_request_id: string }>(
          tx,
          sql`
          insert into ${leadReminders} (quote_request_id, threshold_minutes, due_at)
          select ${request.id}, ${reminder.minutes}, ${reminder.at.toISOString()}
           where exists (select 1 from quote_request_states
                          where quote_request_id = ${request.id} and status = 'new' and first_answered_at is null)
          on conflict do nothing
          returning quote_request_id`,
        );
        if (rows.length === 0 || reminder !== latest) continue;
        await tx
          .insert(deliveries)
          .values({ quoteRequestId: request.id, kind: 'reminder_email', reminderMinutes: reminder.minutes });
        await enqueuePushes(tx, request.id, 'reminder_push', reminder.minutes);
        sends = true;
      }
      return sends;
    });
  }

  async function runOnce(now: Date): Promise<number> {
    if (thresholds.length === 0 || !isBusinessTime(now, hoursNow())) return 0;
    let written = 0;
    for (const request of await candidates(now)) {
      if (await remind(request, now)) written++;
    }
    if (written > 0) {
      logger.info({ reminders: written }, 'reminders of unanswered requests written');
      options.onEnqueued?.();
    }
    return written;
  }

  function tick() {
    if (!running || pass) return;
    pass = runOnce(new Date())
      .catch((error: unknown) => {
        logger[isDatabaseUnavailable(error) ? 'warn' : 'error']({ error: safeError(error) }, 'reminder pass failed');
      })
      .finally(() => {
        pass = undefined;
        if (running) timer = setTimeout(tick, pollMs);
      });
  }

  return {
    start() {
      if (running) return;
      running = true;
      tick();
    },
    runOnce,
    async stop() {
      running = false;
      clearTimeout(timer);
      await pass;
    },
  };
}
