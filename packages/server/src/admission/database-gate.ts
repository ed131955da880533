import { AdmissionAbortedError, AdmissionQueueFullError, AdmissionTimeoutError } from './admission-errors';
import { FairQueue, type QueueEntry } from './fair-queue';
import type { AdmissionPriority } from './priority';

/** One request for a slot. */
export interface AdmissionTicket {
  /** Who asked: turns are shared out per user (see FairQueue). */
  user: string;
  priority: AdmissionPriority;
  /** When waiting must stop (ms since the epoch): the query's own deadline, so waiting counts against it. */
  deadlineAt: number;
  /** Fires when the client that asked goes away: the request leaves the queue. */
  signal?: AbortSignal;
}

interface Waiter extends QueueEntry {
  admit(): void;
  refuse(error: Error): void;
}

/** A Retry-After past this would only tell clients to give up; the queue drains faster than that in practice. */
const MAX_RETRY_AFTER_SECONDS = 60;
/** setTimeout's largest delay; a longer deadline (SQL Lab's async limit is hours) is capped to it. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** How much the latest hold time moves the running mean that Retry-After is estimated from. */
const HOLD_TIME_WEIGHT = 0.2;

/**
 * Admission to one database: at most `limit` engine queries at once, at most `queueSize` requests waiting
 * for a slot (FairQueue order), each for no longer than its deadline. A freed slot is handed straight to
 * the next waiter, so a newcomer never overtakes the queue. When the queue is full a newcomer is refused
 * with 503 at once instead of adding to a pile-up that would time out everybody, unless it has a fairer
 * claim than the newest request of the user holding the most places (FairQueue.displaceableBy), which is
 * refused instead.
 *
 * @example
 * const gate = new DatabaseGate(4, 100);
 * const rows = await gate.run({ user: 'user:1', priority: 'interactive', deadlineAt }, () => client.execute(sql));
 */
export class DatabaseGate {
  private running = 0;
  private readonly queue = new FairQueue<Waiter>();
  private meanHoldMs = 1000;

  constructor(
    readonly limit: number,
    readonly queueSize: number,
  ) {}

  /** Engine queries holding a slot now. */
  get active(): number {
    return this.running;
  }

  /** Requests waiting for a slot now. */
  get waiting(): number {
    return this.queue.size;
  }

  /** Runs `work` once a slot is free, and frees the slot when it settles. */
  async run<T>(ticket: AdmissionTicket, work: () => Promise<T>): Promise<T> {
    await this.acquire(ticket);
    const startedAt = Date.now();
    try {
      return await work();
    } finally {
      this.release(Date.now() - startedAt);
    }
  }

  /** Seconds a refused client should wait: the queue ahead of it drained through the slots at the mean hold time. */
  retryAfterSeconds(): number {
    const rounds = Math.ceil((this.queue.size + 1) / this.limit);
    return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil((rounds * this.meanHoldMs) / 1000)));
  }

  private acquire(ticket: AdmissionTicket): Promise<void> {
    if (ticket.signal?.aborted) return Promise.reject(new AdmissionAbortedError());
    if (this.running < this.limit && this.queue.size === 0) {
      this.running++;
      return Promise.resolve();
    }
    if (Date.now() >= ticket.deadlineAt) return Promise.reject(new AdmissionTimeoutError());
    if (this.queue.size >= this.queueSize) {
      const displaced = this.queue.displaceableBy(ticket);
      if (!displaced) return Promise.reject(new AdmissionQueueFullError(this.retryAfterSeconds()));
      this.queue.remove(displaced);
      displaced.refuse(new AdmissionQueueFullError(this.retryAfterSeconds()));
    }
    return this.enqueue(ticket);
  }

  private enqueue(ticket: AdmissionTicket): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const leave = (error: Error) => {
        if (this.queue.remove(waiter)) waiter.refuse(error);
      };
      const onAbort = () => leave(new AdmissionAbortedError());
      const timer = setTimeout(() => leave(new AdmissionTimeoutError()), Math.min(MAX_TIMER_MS, ticket.deadlineAt - Date.now()));
      timer.unref();
      const done = () => {
        clearTimeout(timer);
        ticket.signal?.removeEventListener('abort', onAbort);
      };
      const waiter: Waiter = {
        user: ticket.user,
        priority: ticket.priority,
        admit: () => (done(), resolve()),
        refuse: (error) => (done(), reject(error)),
      };
      ticket.signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(waiter);
    });
  }

  private release(heldMs: number): void {
    this.meanHoldMs += HOLD_TIME_WEIGHT * (heldMs - this.meanHoldMs);
    const next = this.queue.shift();
    // The slot passes to the next waiter as it is: `running` stays the same.
    if (next) next.admit();
    else this.running--;
  }
}
