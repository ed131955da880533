import type { ContentEncoding } from '../http/content-encoding';

/**
 * The list answer cache: GET /api/v1/{resource}/ answers kept as their encoded JSON bytes, so a hit costs a
 * map lookup instead of the list's queries and JSON.stringify. Bounded by bytes (least recently used out
 * first) and by age (answers carry time-relative text such as changed_on_delta_humanized), and each entry
 * remembers the metadata version it was made at (resources/list-version.ts): it is served only while the
 * store's version is still that one, so any write anywhere makes it a miss.
 */
export interface CachedListAnswer {
  /** The JSON answer as sent. */
  body: Buffer;
  /** sha-256 of `body` (base64url): its ETag. */
  hash: string;
  /** Compressed forms of `body`, made on the first hit that asks for each. */
  compressed: Partial<Record<ContentEncoding, Buffer>>;
}

interface Slot {
  answer: CachedListAnswer;
  version: number;
  expiresAt: number;
  bytes: number;
}

export class ListAnswerCache {
  private readonly slots = new Map<string, Slot>();
  /** Answers being made, by version and key: concurrent misses of one list share one run (no stampede at expiry). */
  private readonly making = new Map<string, Promise<CachedListAnswer>>();
  private totalBytes = 0;

  /** `now` is injectable so tests can move time. */
  constructor(
    readonly maxBytes: number,
    readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.totalBytes;
  }

  /** The answer for `key` made at `version` and not yet expired; a stale one is dropped. */
  get(key: string, version: number): CachedListAnswer | null {
    const slot = this.slots.get(key);
    if (!slot) return null;
    if (slot.version !== version || slot.expiresAt <= this.now()) {
      this.remove(key, slot);
      return null;
    }
    this.slots.delete(key); // most recently used goes last
    this.slots.set(key, slot);
    return slot.answer;
  }

  /** Keeps an answer (unless it alone is over the bound), evicting the least recently used past the bound. */
  set(key: string, version: number, answer: CachedListAnswer): void {
    const old = this.slots.get(key);
    if (old) this.remove(key, old);
    const bytes = sizeOf(answer);
    if (bytes > this.maxBytes) return;
    this.slots.set(key, { answer, version, expiresAt: this.now() + this.ttlMs, bytes });
    this.totalBytes += bytes;
    this.evictPastBound();
  }

  /** The kept answer for `key` at `version`, or the one `make` makes (shared by every request asking meanwhile), kept. */
  async getOrMake(key: string, version: number, make: () => Promise<CachedListAnswer>): Promise<CachedListAnswer> {
    const kept = this.get(key, version);
    if (kept) return kept;
    const makingKey = `${version}\n${key}`;
    let pending = this.making.get(makingKey);
    if (!pending) {
      pending = make()
        .then((answer) => {
          this.set(key, version, answer);
          return answer;
        })
        .finally(() => this.making.delete(makingKey));
      this.making.set(makingKey, pending);
    }
    return pending;
  }

  /** Adds a compressed form to a kept answer, counting its bytes. */
  addCompressed(key: string, answer: CachedListAnswer, encoding: ContentEncoding, bytes: Buffer): void {
    answer.compressed[encoding] = bytes;
    const slot = this.slots.get(key);
    if (!slot || slot.answer !== answer) return;
    this.totalBytes += bytes.length;
    slot.bytes += bytes.length;
    this.evictPastBound();
  }

  private remove(key: string, slot: Slot): void {
    this.slots.delete(key);
    this.totalBytes -= slot.bytes;
  }

  private evictPastBound(): void {
    for (const [key, slot] of this.slots) {
      if (this.totalBytes <= this.maxBytes) return;
      this.remove(key, slot);
    }
  }
}

/** Bytes an answer holds, plus a rough allowance for its key and bookkeeping. */
const SLOT_OVERHEAD_BYTES = 256;
function sizeOf(answer: CachedListAnswer): number {
  let bytes = answer.body.length + SLOT_OVERHEAD_BYTES;
  for (const copy of Object.values(answer.compressed)) bytes += copy?.length ?? 0;
  return bytes;
}
