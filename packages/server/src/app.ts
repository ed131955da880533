import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { type CacheBackend, createCache } from './cache';
import { QueryCoalescer } from './chart-data/query-coalescer';
import { AdmissionControl } from './admission';
import { registerChartDataRoutes } from './chart-data/routes';
import type { LumenConfig } from './config';
import type { AppContext } from './context';
import { registerDatabaseRoutes } from './databases/routes';
import { registerDashboardRoutes } from './dashboards/routes';
import { registerDatasetRoutes } from './datasets/routes';
import { registerEmbedding } from './embedding/plugin';
import { registerEventLog } from './event-log/plugin';
import { registerAsyncEvents } from './events/plugin';
import { registerImportExportRoutes } from './import-export/routes';
import { registerPermalinkRoutes } from './permalinks/routes';
import { registerReports } from './reports/plugin';
import { registerSqlLabRoutes } from './sqllab/routes';
import { registerAppRoutes } from './http/app-routes';
import { registerClientConfigRoutes } from './http/client-config-routes';
import { installIncumbentJsonContentType } from './http/incumbent-json-content-type';
import { registerSdkStaticRoutes } from './http/sdk-static-routes';
import { installApiCompression } from './http/api-compression';
import { installErrorHandler } from './http/error-handler';
import type { MetadataStore } from './metadata/connect';
import { registerResourceRoutes } from './resources/routes';
import { securityPlugin } from './security/plugin';
import { registerSecurityApi } from './security-api';
import { registerSso } from './sso/routes';

export interface BuildAppOptions {
  config: LumenConfig;
  store: MetadataStore;
  /** Pino logger options; tests pass false. */
  logger?: boolean | object;
  /** Defaults to createCache(config). */
  cache?: CacheBackend;
}

/** Keys never written to logs. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-guesttoken"]',
  'req.headers["x-csrftoken"]',
  'res.headers["set-cookie"]',
  'password',
  '*.password',
];

/**
 * Builds the Fastify server with every domain plugin registered. Does not listen: `cli.ts` does, tests use
 * `app.inject()`.
 *
 * @example
 * const app = await buildApp({ config, store, logger: false });
 * const res = await app.inject({ method: 'GET', url: '/health' });
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === undefined ? { level: options.config.logLevel, redact: REDACT } : options.logger,
    bodyLimit: 50 * 1024 * 1024,
    // X-Forwarded-For/-Host/-Proto are believed only from the configured proxies (default: none), so a
    // client cannot choose its own address (login lock-out) or host (guest token audience).
    trustProxy: options.config.trustedProxies.length ? [...options.config.trustedProxies] : false,
    // rison `q` values are long; allow big query strings.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2000 },
  });
  const cache = options.cache ?? createCache(options.config);
  const coalescer = new QueryCoalescer(options.config.chartDataCoalescing);
  const admission = new AdmissionControl({ maxConcurrentQueries: options.config.dbMaxConcurrentQueries, queueSize: options.config.dbQueueSize });
  const context: AppContext = { config: options.config, store: options.store, logger: app.log, cache, coalescer, admission, closing: false };
  app.decorate('lumen', context);
  app.decorateRequest('user', null);
  installErrorHandler(app);
  installIncumbentJsonContentType(app);
  installApiCompression(app);

  await app.register(cookie, { secret: options.config.secretKey });
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: 100 * 1024 * 1024, files: 1 } });

  let ready = false;
  app.addHook('onReady', async () => {
    ready = true;
  });
  // preClose runs before Fastify waits for in-flight requests (whose queries the domains cancel in their
  // own preClose hooks): their answers then close the connection, or an idle keep-alive socket would hold
  // the shutdown for the keep-alive timeout.
  app.addHook('preClose', async () => {
    context.closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (context.closing) reply.header('connection', 'close');
  });
  app.addHook('onClose', async () => {
    context.closing = true;
    await cache.close();
  });
  app.get('/health', async (_request, reply) => {
    if (!ready || context.closing) return reply.status(503).type('text/plain').send('Service unavailable');
    return reply.type('text/plain').send('OK');
  });

  await app.register(securityPlugin);
  await app.register(registerSso);
  // Before chart data and SQL Lab, which submit jobs to the async runner it creates.
  await app.register(registerAsyncEvents);
  await app.register(registerEventLog);
  await app.register(registerResourceRoutes);
  await app.register(registerSecurityApi);
  await app.register(registerClientConfigRoutes);
  await app.register(registerDatabaseRoutes);
  await app.register(registerDatasetRoutes);
  await app.register(registerChartDataRoutes);
  await app.register(registerDashboardRoutes);
  await app.register(registerPermalinkRoutes);
  await app.register(registerImportExportRoutes);
  await app.register(registerSqlLabRoutes);
  await app.register(registerEmbedding);
  await app.register(registerReports);
  // Before the app's /static/ wildcard: /static/elements/ and /static/embed/ are the SDK's browser bundles.
  await app.register(registerSdkStaticRoutes);
  await app.register(registerAppRoutes);
  return app;
}
