import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * Leader election for the report scheduler: only the process holding the lock evaluates schedules.
 * With Redis: `SET key token NX PX ttl`, renewed by the holder each tick with a compare-and-expire script,
 * so a dead leader's lock lapses after `ttl` and another process takes over. Without Redis there is one
 * process by definition (SQLite metadata cannot be shared), and it leads.
 */
export interface LeaderLock {
  /** Takes the lock or renews it; true while this process leads. */
  acquireOrRenew(): Promise<boolean>;
  release(): Promise<void>;
  close(): Promise<void>;
}

export class LocalLeaderLock implements LeaderLock {
  async acquireOrRenew(): Promise<boolean> {
    return true;
  }
  async release(): Promise<void> {}
  async close(): Promise<void> {}
}

const ACQUIRE_OR_RENEW = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
  return 1
end
return 0`;

const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0`;

export class RedisLeaderLock implements LeaderLock {
  private readonly redis: Redis;
  /** Identifies this process's claim; only the holder can renew or release. */
  readonly token = randomBytes(12).toString('hex');
  private held = false;

  constructor(
    redisUrl: string,
    readonly key: string,
    private readonly ttlMs: number,
  ) {
    this.redis = new Redis(redisUrl, { maxRetriesPerRequest: 2, lazyConnect: true });
  }

  async acquireOrRenew(): Promise<boolean> {
    const result = await this.redis.eval(ACQUIRE_OR_RENEW, 1, this.key, this.token, String(this.ttlMs));
    this.held = result === 1;
    return this.held;
  }

  async release(): Promise<void> {
    if (!this.held) return;
    this.held = false;
    await this.redis.eval(RELEASE, 1, this.key, this.token);
  }

  async close(): Promise<void> {
    await this.release().catch(() => undefined);
    this.redis.disconnect();
  }
}
