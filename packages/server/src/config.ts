import { normalizeOrigin } from './embedding/allowed-domains';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { parseReportExecutors, type ReportExecutor } from './reports/report-executors';
import { isSpecLocale, SPEC_LOCALES, type SpecLocale } from './i18n/spec-locales';
import { parseAddressList } from './net/address-list';
import { type AuthSettings, parseAuthSettings } from './sso/sso-config';

/** Feature flags named by the spec (and DESIGN.md). Unknown flags in config are kept but ignored. */
export const FEATURE_FLAGS = [
  'DashboardRbac',
  'TaggingSystem',
  'ConfirmDashboardDiff',
  'SqllabBackendPersistence',
  'GlobalAsyncQueries',
  'EmbeddedSuperset',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

export interface LumenConfig {
  /** Directory for SQLite metadata, the examples DuckDB file and the generated secret key. */
  dataDir: string;
  /** `sqlite:///path/to/file.db` (default under dataDir) or `postgresql://user@host/db`. */
  metadataUrl: string;
  /** Signs sessions and guest tokens. Generated and stored under dataDir when absent. */
  secretKey: string;
  /**
   * The secret key in use before a rotation: still accepted for decrypting stored secrets (database passwords,
   * SSH tunnel secrets) until `lumen rotate-secret-key` has re-encrypted them with `secretKey`.
   */
  previousSecretKey: string | null;
  host: string;
  port: number;
  redisUrl: string | null;
  /**
   * Namespace of the async machinery's Redis keys: events under `{prefix}:async:events:{channel}`, the
   * BullMQ queue under `{prefix}:bull`. Lets several deployments (or tests) share one Redis.
   */
  asyncPrefix: string;
  /** Jobs one `lumen worker` process runs at once. */
  workerConcurrency: number;
  /** Upper bound for any chart-data query's row limit. */
  rowLimit: number;
  /** Default SQL Lab query limit and its cap. */
  sqllabDefaultLimit: number;
  sqllabMaxLimit: number;
  sqllabTimeoutSeconds: number;
  /** A chart-data query running longer is cancelled in the engine and answers BACKEND_TIMEOUT_ERROR. */
  chartDataTimeoutSeconds: number;
  /** `lumen start` cancels in-flight queries on SIGTERM/SIGINT and exits at the latest after this many seconds. */
  shutdownGraceSeconds: number;
  /** Default cache timeout in seconds for chart data (0 = never expires while cached). */
  cacheDefaultTimeout: number;
  /**
   * Identical chart-data queries in flight share one engine query: in one process, and across processes
   * through Redis when redisUrl is set. Off only to measure what coalescing saves.
   */
  chartDataCoalescing: boolean;
  /**
   * Admission control (admission/): engine queries one database runs at once, shared by chart data and
   * SQL Lab. null: the engine's default (DuckDB: the machine's cores; PostgreSQL, MySQL/MariaDB: their
   * connection pool, 5; SQLite: 1). 0: no limit and no queue (admission control off).
   */
  dbMaxConcurrentQueries: number | null;
  /** Requests per database that may wait for a slot; past that, newcomers get 503 with Retry-After. */
  dbQueueSize: number;
  /** API JSON answers are compressed (brotli or gzip, as the client accepts) when at least this many bytes. */
  compressionThreshold: number;
  /** false: the API answers uncompressed (a proxy in front compresses instead). Static files are precompressed either way. */
  compression: boolean;
  /**
   * List answer cache (resources/list-answer-cache.ts): bytes of GET /api/v1/{resource}/ answers kept per
   * process, least recently used out first. 0: off.
   */
  listCacheBytes: number;
  /** Seconds a kept list answer may be served (answers carry time-relative text). 0: off. */
  listCacheSeconds: number;
  defaultVizType: string;
  featureFlags: Record<string, boolean>;
  adminUsername: string;
  adminPassword: string | null;
  /** Whether to create the "examples" DuckDB database and datasets at start. */
  loadExamples: boolean;
  /** Row count of the generated events table. */
  examplesEventsRows: number;
  guestToken: {
    audience: string | null;
    lifetimeSeconds: number;
    algorithm: 'HS256' | 'HS384' | 'HS512';
    /**
     * Host origins allowed to call the API with guest tokens besides the allowed domains of embedded
     * dashboards: pages that embed <bi-sqllab> (a SQL Lab grant belongs to no dashboard).
     */
    allowedOrigins: string[];
  };
  sessionLifetimeSeconds: number;
  /** Outgoing e-mail for reports (nodemailer SMTP). host null: e-mail reports fail with a clear error. */
  smtp: {
    host: string | null;
    port: number;
    user: string | null;
    password: string | null;
    /** true: TLS from the start (port 465); false: STARTTLS when the server offers it. */
    secure: boolean;
    from: string;
  };
  /** Scheduled reports (packages/server/src/reports). */
  reports: {
    /** Whether this process takes part in the scheduler's leader election. */
    schedulerEnabled: boolean;
    /** Seconds between scheduler ticks. */
    tickSeconds: number;
    /** Base URL the headless browser opens (default: this process's own listening address). */
    renderUrl: string | null;
    /** Base URL of links in report e-mails and webhooks (default: renderUrl). */
    publicUrl: string | null;
    /** Chromium used to render PNG and PDF reports. */
    chromiumPath: string;
    /** Webhook delivery timeout, in seconds. */
    webhookTimeoutSeconds: number;
    /** Who a report runs as, tried in order (see reports/report-executors.ts); absent: its creator. */
    executors?: ReportExecutor[];
  };
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /**
   * Addresses (IPs or CIDRs) of reverse proxies whose X-Forwarded-For, -Host and -Proto headers are
   * believed. Empty (the default): no forwarded header is trusted.
   */
  trustedProxies: string[];
  /**
   * Internal addresses (IPs, CIDRs or exact host names) that report webhooks and the report renderer may
   * reach although they are loopback, private, link-local or otherwise non-public. Empty by default.
   */
  outboundAllowList: string[];
  /** Single sign-on providers (sso/): the file's `auth: { oidc, ldap }` and `LUMEN_OIDC_*` / `LUMEN_LDAP_*`. */
  auth: AuthSettings;
  /**
   * A MapLibre-compatible style URL (http or https) the deck.gl charts draw under their layers; null (the
   * default): the offline base map (packaged country outlines, no tile server, no key). Reaches browsers
   * through GET /api/v1/client_config/ only: never from form data or a guest token.
   */
  mapStyleUrl: string | null;
  /**
   * The app's language for users who have not chosen one in the user menu, one of spec 1 §9's locales
   * (`pt_BR` spelling); null (the default): each browser's Accept-Language, else English (i18n/effective-locale.ts).
   */
  defaultLocale: SpecLocale | null;
}

const DEFAULT_FLAGS: Record<FeatureFlag, boolean> = {
  DashboardRbac: false,
  TaggingSystem: true,
  ConfirmDashboardDiff: true,
  SqllabBackendPersistence: true,
  GlobalAsyncQueries: false,
  EmbeddedSuperset: true,
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function intFrom(name: string, raw: string | number | undefined, fallback: number, min = 0): number {
  if (raw === undefined || raw === '') return fallback;
  const value = typeof raw === 'number' ? raw : Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new ConfigError(`${name} must be an integer >= ${min}, got ${JSON.stringify(raw)}`);
  }
  return value;
}

/** An integer >= 0, or null when unset (the caller then picks a default of its own). */
function optionalIntFrom(name: string, raw: string | undefined): number | null {
  return raw === undefined || raw === '' ? null : intFrom(name, raw, 0, 0);
}

function boolFrom(name: string, raw: string | boolean | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback;
  if (typeof raw === 'boolean') return raw;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be a boolean (true/false), got ${JSON.stringify(raw)}`);
}

/** Parses `LUMEN_FEATURE_FLAGS="DashboardRbac,-TaggingSystem"` or a JSON object. */
function parseFlags(raw: unknown): Record<string, boolean> {
  if (raw === undefined || raw === null || raw === '') return {};
  if (typeof raw === 'object') return raw as Record<string, boolean>;
  const text = String(raw).trim();
  if (text.startsWith('{')) {
    try {
      return JSON.parse(text) as Record<string, boolean>;
    } catch {
      throw new ConfigError('LUMEN_FEATURE_FLAGS is not valid JSON');
    }
  }
  const flags: Record<string, boolean> = {};
  for (const part of text.split(',').map((s) => s.trim()).filter(Boolean)) {
    if (part.startsWith('-')) flags[part.slice(1)] = false;
    else flags[part] = true;
  }
  return flags;
}

/** `LUMEN_REPORTS_EXECUTORS="creator,user:reports"` or a list in the config file; default: the creator. */
function reportExecutorsFrom(raw: unknown): ReportExecutor[] {
  try {
    return parseReportExecutors(raw);
  } catch (error) {
    throw new ConfigError(`LUMEN_REPORTS_EXECUTORS: ${(error as Error).message}`);
  }
}

function authSettingsFrom(env: NodeJS.ProcessEnv, raw: unknown): AuthSettings {
  try {
    return parseAuthSettings(env, raw);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}

type FileConfig = Partial<Record<string, unknown>>;

function readConfigFile(path: string): FileConfig {
  if (!existsSync(path)) throw new ConfigError(`Config file not found: ${path}`);
  const text = readFileSync(path, 'utf8');
  try {
    return (path.endsWith('.json') ? JSON.parse(text) : parseYaml(text)) ?? {};
  } catch (error) {
    throw new ConfigError(`Config file ${path} could not be parsed: ${(error as Error).message}`);
  }
}

/**
 * Loads configuration: defaults < optional file (`LUMEN_CONFIG`, JSON or YAML, keys as in LumenConfig)
 * < `LUMEN_*` environment variables. Secrets are resolved later by `resolveSecretKey`.
 *
 * @example
 * const config = loadConfig(process.env);
 */
/** A comma-separated list of origins (`https://app.example.com`), each normalised; a bad one stops the start. */
function originsFrom(text: string | undefined): string[] {
  const parts = (text ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  return parts.map((part) => {
    try {
      return normalizeOrigin(part, 'LUMEN_GUEST_TOKEN_ALLOWED_ORIGINS');
    } catch (error) {
      throw new ConfigError(error instanceof Error ? error.message : String(error));
    }
  });
}

/**
 * `LUMEN_MAP_STYLE_URL`: an absolute http(s) URL, or null when unset; anything else stops the start.
 *
 * @example
 * mapStyleUrlFrom('https://tiles.example.com/styles/basic/style.json'); // the same URL
 * mapStyleUrlFrom('javascript:alert(1)'); // throws ConfigError naming LUMEN_MAP_STYLE_URL
 */
export function mapStyleUrlFrom(raw: string | undefined): string | null {
  if (raw === undefined || raw.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ConfigError(`LUMEN_MAP_STYLE_URL must be an absolute http or https URL of a MapLibre style, got ${JSON.stringify(raw)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`LUMEN_MAP_STYLE_URL must be an http or https URL, got ${JSON.stringify(url.protocol)} in ${JSON.stringify(raw)}`);
  }
  if (url.username || url.password) throw new ConfigError('LUMEN_MAP_STYLE_URL must not carry a user name or password (every browser would see it)');
  return url.href;
}

/**
 * `LUMEN_DEFAULT_LOCALE`: one of the 14 locales, or null when unset; anything else stops the start.
 *
 * @example
 * defaultLocaleFrom('pt_BR'); // 'pt_BR'
 * defaultLocaleFrom('pt-BR'); // throws ConfigError naming LUMEN_DEFAULT_LOCALE and the 14 locales
 */
export function defaultLocaleFrom(raw: string | undefined): SpecLocale | null {
  if (raw === undefined || raw.trim() === '') return null;
  if (!isSpecLocale(raw.trim())) throw new ConfigError(`LUMEN_DEFAULT_LOCALE must be one of ${SPEC_LOCALES.join(', ')}, got ${JSON.stringify(raw)}`);
  return raw.trim();
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<LumenConfig> = {}): LumenConfig {
  const file = env.LUMEN_CONFIG ? readConfigFile(resolve(env.LUMEN_CONFIG)) : {};
  const pick = (key: string, envName: string): string | undefined => {
    const fromEnv = env[envName];
    if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
    const fromFile = file[key];
    return fromFile === undefined || fromFile === null ? undefined : String(fromFile);
  };
  const dataDir = resolve(overrides.dataDir ?? pick('dataDir', 'LUMEN_DATA_DIR') ?? './data');
  const logLevel = (pick('logLevel', 'LUMEN_LOG_LEVEL') ?? 'info') as LumenConfig['logLevel'];
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError(`LUMEN_LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent`);
  }
  const algorithm = (pick('guestTokenAlgorithm', 'LUMEN_GUEST_TOKEN_ALGORITHM') ?? 'HS256') as LumenConfig['guestToken']['algorithm'];
  if (!['HS256', 'HS384', 'HS512'].includes(algorithm)) {
    throw new ConfigError('LUMEN_GUEST_TOKEN_ALGORITHM must be HS256, HS384 or HS512');
  }
  const config: LumenConfig = {
    dataDir,
    metadataUrl: pick('metadataUrl', 'LUMEN_METADATA_URL') ?? `sqlite:///${resolve(dataDir, 'lumen.db')}`,
    secretKey: pick('secretKey', 'LUMEN_SECRET_KEY') ?? '',
    previousSecretKey: pick('previousSecretKey', 'LUMEN_PREVIOUS_SECRET_KEY') ?? null,
    host: pick('host', 'LUMEN_HOST') ?? '0.0.0.0',
    port: intFrom('LUMEN_PORT', pick('port', 'LUMEN_PORT'), 8088, 0),
    redisUrl: pick('redisUrl', 'LUMEN_REDIS_URL') ?? null,
    asyncPrefix: pick('asyncPrefix', 'LUMEN_ASYNC_PREFIX') ?? 'lumen',
    workerConcurrency: intFrom('LUMEN_WORKER_CONCURRENCY', pick('workerConcurrency', 'LUMEN_WORKER_CONCURRENCY'), 2, 1),
    rowLimit: intFrom('LUMEN_ROW_LIMIT', pick('rowLimit', 'LUMEN_ROW_LIMIT'), 50000, 1),
    sqllabDefaultLimit: intFrom('LUMEN_SQLLAB_DEFAULT_LIMIT', pick('sqllabDefaultLimit', 'LUMEN_SQLLAB_DEFAULT_LIMIT'), 1000, 1),
    sqllabMaxLimit: intFrom('LUMEN_SQLLAB_MAX_LIMIT', pick('sqllabMaxLimit', 'LUMEN_SQLLAB_MAX_LIMIT'), 100000, 1),
    sqllabTimeoutSeconds: intFrom('LUMEN_SQLLAB_TIMEOUT', pick('sqllabTimeoutSeconds', 'LUMEN_SQLLAB_TIMEOUT'), 30, 1),
    chartDataTimeoutSeconds: intFrom('LUMEN_CHART_DATA_TIMEOUT', pick('chartDataTimeoutSeconds', 'LUMEN_CHART_DATA_TIMEOUT'), 60, 1),
    shutdownGraceSeconds: intFrom('LUMEN_SHUTDOWN_GRACE', pick('shutdownGraceSeconds', 'LUMEN_SHUTDOWN_GRACE'), 10, 1),
    cacheDefaultTimeout: intFrom('LUMEN_CACHE_DEFAULT_TIMEOUT', pick('cacheDefaultTimeout', 'LUMEN_CACHE_DEFAULT_TIMEOUT'), 86400, 0),
    chartDataCoalescing: boolFrom('LUMEN_CHART_DATA_COALESCING', pick('chartDataCoalescing', 'LUMEN_CHART_DATA_COALESCING'), true),
    dbMaxConcurrentQueries: optionalIntFrom('LUMEN_DB_MAX_CONCURRENT_QUERIES', pick('dbMaxConcurrentQueries', 'LUMEN_DB_MAX_CONCURRENT_QUERIES')),
    dbQueueSize: intFrom('LUMEN_DB_QUEUE_SIZE', pick('dbQueueSize', 'LUMEN_DB_QUEUE_SIZE'), 200, 0),
    compression: boolFrom('LUMEN_COMPRESSION', pick('compression', 'LUMEN_COMPRESSION'), true),
    compressionThreshold: intFrom('LUMEN_COMPRESSION_THRESHOLD', pick('compressionThreshold', 'LUMEN_COMPRESSION_THRESHOLD'), 1024, 0),
    listCacheBytes: intFrom('LUMEN_LIST_CACHE_BYTES', pick('listCacheBytes', 'LUMEN_LIST_CACHE_BYTES'), 32 * 1024 * 1024, 0),
    listCacheSeconds: intFrom('LUMEN_LIST_CACHE_SECONDS', pick('listCacheSeconds', 'LUMEN_LIST_CACHE_SECONDS'), 5, 0),
    defaultVizType: pick('defaultVizType', 'LUMEN_DEFAULT_VIZ_TYPE') ?? 'table',
    featureFlags: {
      ...DEFAULT_FLAGS,
      ...parseFlags(file.featureFlags),
      ...parseFlags(env.LUMEN_FEATURE_FLAGS),
    },
    adminUsername: pick('adminUsername', 'LUMEN_ADMIN_USERNAME') ?? 'admin',
    adminPassword: pick('adminPassword', 'LUMEN_ADMIN_PASSWORD') ?? null,
    loadExamples: boolFrom('LUMEN_LOAD_EXAMPLES', pick('loadExamples', 'LUMEN_LOAD_EXAMPLES'), true),
    examplesEventsRows: intFrom('LUMEN_EXAMPLES_EVENTS_ROWS', pick('examplesEventsRows', 'LUMEN_EXAMPLES_EVENTS_ROWS'), 10_000_000, 1000),
    guestToken: {
      audience: pick('guestTokenAudience', 'LUMEN_GUEST_TOKEN_AUDIENCE') ?? null,
      lifetimeSeconds: intFrom('LUMEN_GUEST_TOKEN_LIFETIME', pick('guestTokenLifetime', 'LUMEN_GUEST_TOKEN_LIFETIME'), 300, 10),
      algorithm,
      allowedOrigins: originsFrom(pick('guestTokenAllowedOrigins', 'LUMEN_GUEST_TOKEN_ALLOWED_ORIGINS')),
    },
    sessionLifetimeSeconds: intFrom('LUMEN_SESSION_LIFETIME', pick('sessionLifetime', 'LUMEN_SESSION_LIFETIME'), 7 * 86400, 60),
    smtp: {
      host: pick('smtpHost', 'LUMEN_SMTP_HOST') ?? null,
      port: intFrom('LUMEN_SMTP_PORT', pick('smtpPort', 'LUMEN_SMTP_PORT'), 25, 1),
      user: pick('smtpUser', 'LUMEN_SMTP_USER') ?? null,
      password: pick('smtpPassword', 'LUMEN_SMTP_PASSWORD') ?? null,
      secure: boolFrom('LUMEN_SMTP_SECURE', pick('smtpSecure', 'LUMEN_SMTP_SECURE'), false),
      from: pick('smtpFrom', 'LUMEN_SMTP_FROM') ?? 'lumen@localhost',
    },
    reports: {
      schedulerEnabled: boolFrom('LUMEN_REPORTS_SCHEDULER', pick('reportsScheduler', 'LUMEN_REPORTS_SCHEDULER'), true),
      tickSeconds: intFrom('LUMEN_REPORTS_TICK_SECONDS', pick('reportsTickSeconds', 'LUMEN_REPORTS_TICK_SECONDS'), 30, 1),
      renderUrl: pick('reportsRenderUrl', 'LUMEN_REPORTS_RENDER_URL')?.replace(/\/+$/, '') ?? null,
      publicUrl: pick('publicUrl', 'LUMEN_PUBLIC_URL')?.replace(/\/+$/, '') ?? null,
      chromiumPath: pick('chromiumPath', 'LUMEN_CHROMIUM_PATH') ?? '/usr/bin/chromium',
      webhookTimeoutSeconds: intFrom('LUMEN_WEBHOOK_TIMEOUT', pick('webhookTimeout', 'LUMEN_WEBHOOK_TIMEOUT'), 10, 1),
      executors: reportExecutorsFrom(env.LUMEN_REPORTS_EXECUTORS || file.reportsExecutors),
    },
    logLevel,
    trustedProxies: parseAddressList('LUMEN_TRUSTED_PROXIES', env.LUMEN_TRUSTED_PROXIES ?? file.trustedProxies, 'cidr'),
    outboundAllowList: parseAddressList('LUMEN_OUTBOUND_ALLOW_LIST', env.LUMEN_OUTBOUND_ALLOW_LIST ?? file.outboundAllowList, 'cidr-or-host'),
    auth: authSettingsFrom(env, file.auth),
    mapStyleUrl: mapStyleUrlFrom(pick('mapStyleUrl', 'LUMEN_MAP_STYLE_URL')),
    defaultLocale: defaultLocaleFrom(pick('defaultLocale', 'LUMEN_DEFAULT_LOCALE')),
    ...overrides,
  };
  return config;
}

export function isFeatureEnabled(config: LumenConfig, flag: FeatureFlag | string): boolean {
  return config.featureFlags[flag] === true;
}
