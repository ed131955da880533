import type { CacheBackend } from './cache-backend';

interface Entry {
  value: Buffer;
  expiresAt: number;
}

/**
 * In-process LRU bounded by total bytes and entry count (the embedded default). A Map keeps insertion
 * order, so re-inserting on read makes the first key the least recently used.
 */
export class MemoryCache implements CacheBackend {
  readonly kind = 'memory' as const;
  private entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(
    private readonly maxBytes = 256 * 1024 * 1024,
    private readonly maxEntries = 10_000,
  ) {
    if (maxEntries < 1) throw new Error('Cache capacity must be at least 1');
  }

  async get(key: string): Promise<Buffer | null> {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt && entry.expiresAt <= Date.now()) {
      this.remove(key, entry);
      return null;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  async set(key: string, value: Buffer, ttlSeconds: number): Promise<void> {
    if (value.length > this.maxBytes) return;
    const existing = this.entries.get(key);
    if (existing) this.remove(key, existing);
    this.entries.set(key, { value, expiresAt: ttlSeconds > 0 ? Date.now() + ttlSeconds * 1000 : 0 });
    this.bytes += value.length;
    for (const [oldKey, entry] of this.entries) {
      if (this.bytes <= this.maxBytes && this.entries.size <= this.maxEntries) break;
      this.remove(oldKey, entry);
    }
  }

  async delete(key: string): Promise<void> {
    const entry = this.entries.get(key);
    if (entry) this.remove(key, entry);
  }

  async close(): Promise<void> {
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.value.length;
  }
}
