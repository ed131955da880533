import { PRIORITIES, rankOf, type AdmissionPriority } from './priority';

/** What the queue needs to know about a waiting request. */
export interface QueueEntry {
  /** Who asked (user id, guest key, 'system'): turns are taken per user, not per request. */
  user: string;
  priority: AdmissionPriority;
}

/**
 * The waiting requests of one database: strict priority between levels, and within a level round-robin
 * between users, so a user with 50 queued requests gets one turn, then the user with 1 gets theirs. Each
 * level is a Map from user to that user's requests in arrival order; the Map's insertion order is the
 * rotation (a user who just had a turn is moved to the end).
 *
 * @example
 * const queue = new FairQueue<QueueEntry>();
 * queue.push({ user: 'alice', priority: 'interactive' });
 * queue.shift(); // alice's request
 */
export class FairQueue<T extends QueueEntry> {
  private readonly levels: Map<string, T[]>[] = PRIORITIES.map(() => new Map());
  private count = 0;

  get size(): number {
    return this.count;
  }

  push(entry: T): void {
    const level = this.levels[rankOf(entry.priority)]!;
    const own = level.get(entry.user);
    if (own) own.push(entry);
    else level.set(entry.user, [entry]);
    this.count++;
  }

  /** The next request to run: the first user in turn at the most urgent non-empty level. */
  shift(): T | undefined {
    for (const level of this.levels) {
      const next = level.entries().next();
      if (next.done) continue;
      const [user, own] = next.value;
      const entry = own.shift()!;
      level.delete(user);
      if (own.length) level.set(user, own);
      this.count--;
      return entry;
    }
    return undefined;
  }

  /** Takes a request out wherever it is (its deadline passed, its client left); false if it was not queued. */
  remove(entry: T): boolean {
    const level = this.levels[rankOf(entry.priority)]!;
    const own = level.get(entry.user);
    const index = own ? own.indexOf(entry) : -1;
    if (!own || index < 0) return false;
    own.splice(index, 1);
    if (!own.length) level.delete(entry.user);
    this.count--;
    return true;
  }

  /** How many requests of `user` wait at `priority`. */
  countOf(user: string, priority: AdmissionPriority): number {
    return this.levels[rankOf(priority)]!.get(user)?.length ?? 0;
  }

  /**
   * The request to turn away so that `newcomer` can wait instead when the queue is full, or undefined:
   * the newest request of the user holding the most places at the least urgent level, when that level is
   * less urgent than the newcomer's, or is the same and that user holds at least two places more.
   */
  displaceableBy(newcomer: QueueEntry): T | undefined {
    for (let rank = this.levels.length - 1; rank >= 0; rank--) {
      const level = this.levels[rank]!;
      if (!level.size) continue;
      const heaviest = [...level.values()].reduce((a, b) => (b.length > a.length ? b : a));
      const newcomerRank = rankOf(newcomer.priority);
      if (rank > newcomerRank) return heaviest[heaviest.length - 1];
      if (rank === newcomerRank && heaviest.length >= this.countOf(newcomer.user, newcomer.priority) + 2) return heaviest[heaviest.length - 1];
      return undefined;
    }
    return undefined;
  }
}
