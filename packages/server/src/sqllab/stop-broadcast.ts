import { Redis } from 'ioredis';

/**
 * Cross-process stop for SQL Lab. With several processes (servers and `lumen worker`s on Redis), the
 * process that receives POST /api/v1/query/stop is rarely the one running the statement: a synchronous
 * query runs in whichever server took the execute request, an async one in whichever worker took the job.
 * The receiving process marks the row stopped and publishes the query's client id here; every process
 * subscribes and aborts the query if it runs it, which makes the engine client cancel the statement
 * (DuckDB interrupt, pg_cancel_backend, KILL QUERY) instead of letting it run to its end.
 *
 * Pub/sub is fire-and-forget, and that is enough: the row is already marked stopped, so a process that
 * misses the message still drops the late result — it only keeps the engine busy until the statement ends.
 */
export interface StopBroadcast {
  /** Tells every process (this one included) to abort the query with this client id. */
  publish(clientId: string): Promise<void>;
  close(): Promise<void>;
}

export const stopChannel = (prefix: string): string => `${prefix}:sqllab:stop`;

export interface StopBroadcastOptions {
  redisUrl: string;
  /** config.asyncPrefix */
  prefix: string;
  /** Aborts the query locally if this process runs it. */
  onStop: (clientId: string) => void | Promise<unknown>;
  onError?: (error: unknown) => void;
}

/** Resolves once the subscription is active, so a stop published right after start is not missed. */
export async function startStopBroadcast(options: StopBroadcastOptions): Promise<StopBroadcast> {
  const channel = stopChannel(options.prefix);
  // A connection in subscriber mode cannot publish: one of each.
  const publisher = new Redis(options.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: true });
  const subscriber = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  const report = options.onError ?? (() => undefined);
  publisher.on('error', report);
  subscriber.on('error', report);
  subscriber.on('message', (from: string, clientId: string) => {
    if (from !== channel || !clientId) return;
    Promise.resolve(options.onStop(clientId)).catch(report);
  });
  await subscriber.subscribe(channel);
  return {
    async publish(clientId) {
      await publisher.publish(channel, clientId);
    },
    async close() {
      await Promise.all([publisher.quit().catch(() => publisher.disconnect()), subscriber.quit().catch(() => subscriber.disconnect())]);
    },
  };
}
