import type { FastifyBaseLogger } from 'fastify';
import type { AdmissionControl } from './admission';
import type { CacheBackend } from './cache';
import type { QueryCoalescer } from './chart-data/query-coalescer';
import type { LumenConfig } from './config';
import type { MetadataStore } from './metadata/connect';
import type { CurrentUser } from './security/current-user';

/** Everything a route needs, created once at start and decorated onto the Fastify instance as `lumen`. */
export interface AppContext {
  config: LumenConfig;
  store: MetadataStore;
  logger: FastifyBaseLogger;
  /** Chart-data results cache: in memory by default, Redis when configured. */
  cache: CacheBackend;
  /** Identical chart-data queries in flight in this process share one engine query. */
  coalescer: QueryCoalescer;
  /** Engine queries per database at once and the fair queue for the rest (chart data and SQL Lab). */
  admission: AdmissionControl;
  /** Set when the server stops; long-running work (example generation, queries) checks it. */
  closing: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    lumen: AppContext;
  }
  interface FastifyRequest {
    /** Authenticated user or guest; null when anonymous. Set by security/plugin.ts. */
    user: CurrentUser | null;
  }
}
