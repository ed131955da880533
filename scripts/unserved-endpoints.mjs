/**
 * Lists the incumbent's REST endpoints (its OpenAPI document, /work/shared/reference/superset-openapi.json)
 * that Lumen does not serve, each with the reason, as the markdown section docs/rest-api.md carries between
 * `<!-- unserved-endpoints:start -->` and `<!-- unserved-endpoints:end -->`.
 * test/contract/unserved-endpoints.test.ts renders the same section from the server's sources and fails
 * when the docs differ, so the list cannot go stale.
 *
 * @example
 * node scripts/ensure-built.mjs && node scripts/unserved-endpoints.mjs          # prints the section
 * node scripts/unserved-endpoints.mjs --write                                     # rewrites it in the docs
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const DOC_PATH = join(ROOT, 'docs', 'rest-api.md');
export const OPENAPI_PATH = process.env.LUMEN_INCUMBENT_OPENAPI ?? '/work/shared/reference/superset-openapi.json';
export const START_MARKER = '<!-- unserved-endpoints:start -->';
export const END_MARKER = '<!-- unserved-endpoints:end -->';

const METHODS = ['get', 'post', 'put', 'delete', 'patch'];

const NOT_BUILT = 'Not built yet.';
/**
 * Why an incumbent endpoint is not served, first match wins. An unserved endpoint no pattern covers makes
 * the check fail: a reason has to be written for it.
 */
export const REASONS = [
  [/^\/api\/\{version\}\/_openapi$/, `${NOT_BUILT} Lumen publishes no OpenAPI document of its own; this page is its API reference.`],
  [/^\/api\/v1\/available_domains\/$/, "Not applicable: the incumbent's domain sharding for its Flask pages (SUPERSET_WEBSERVER_DOMAINS); Lumen serves one origin."],
  [/^\/api\/v1\/menu\/$/, "Not applicable: the incumbent's Flask-AppBuilder menu; Lumen's app builds its own navigation."],
  [/^\/api\/v1\/user\/\{user_id\}\/avatar\.png$/, 'Not applicable: Lumen keeps no user avatars (no OAuth profile pictures).'],
  [/^\/api\/v1\/database\/\{pk\}\/ssh_tunnel\/$/, 'Not applicable: Lumen does not connect through SSH tunnels (imports ignore the tunnel maps).'],
  [/^\/api\/v1\/database\/\{pk\}\/(table|table_extra)\/\{table_name\}\/\{schema_name\}\/$/, 'Not applicable: deprecated in the incumbent in favour of `table_metadata/` and `table_metadata/extra/`, which Lumen serves.'],
  [/^\/api\/v1\/report\/slack_channels\/$/, 'Not applicable yet: Slack delivery is not implemented, so there are no channels to list.'],
  [/^\/api\/v1\/database\/oauth2\/$/, `${NOT_BUILT} Databases authenticate with stored credentials; OAuth2 to the database is not supported.`],
  [/\/(screenshot|thumbnail)\/\{digest\}\/$|\/cache_(dashboard_)?screenshot\/$/, `${NOT_BUILT} Thumbnails and cached screenshots; reports render their own PNG and PDF.`],
  [/\/warm_up_cache$|^\/api\/v1\/cachekey\/invalidate$/, `${NOT_BUILT} Cache warm-up and invalidation by key; a \`force\` query refreshes an entry.`],
  [/^\/api\/v1\/css_template\//, `${NOT_BUILT} CSS templates (a dashboard's own \`css\` is kept).`],
  [/^\/api\/v1\/advanced_data_type\//, `${NOT_BUILT} Advanced data types.`],
  [/^\/api\/v1\/tag\/(get_objects\/|\{object_type\}\/)/, `${NOT_BUILT} Tagging one object by path and listing tagged objects; \`POST /api/v1/tag/bulk_create\` and the resources' \`tags\` do this.`],
  [/^\/api\/v1\/dataset\/(duplicate|\{pk\}\/(column|metric)\/)/, `${NOT_BUILT} Duplicating a dataset and deleting one column or metric; \`PUT /api/v1/dataset/{id}\` edits columns and metrics.`],
  [/^\/api\/v1\/datasource\//, `${NOT_BUILT} Column values by datasource; \`GET /api/v1/dataset/distinct/{column}\` and chart data answer filters.`],
  [/^\/api\/v1\/explore\/$/, `${NOT_BUILT} Explore's bootstrap; Lumen's Explore loads the chart, dataset and form data through the endpoints above.`],
  [/^\/api\/v1\/sqllab\/export\//, `${NOT_BUILT} CSV download of a SQL Lab result.`],
  [/^\/api\/v1\/dashboard\/\{id_or_slug\}\/tabs$/, `${NOT_BUILT} A dashboard's tab tree (the tabs are in \`position_json\`).`],
  [/^\/api\/v1\/database\/\{pk\}\/(sync_permissions|connection|related_objects)\/?$/, `${NOT_BUILT} Database permission sync, connection details and related objects.`],
  [/^\/api\/v1\/query\/(distinct|related)\//, `${NOT_BUILT} Distinct and related values of the query history list.`],
  [/.*/, null],
];

/** Every method + path of the incumbent's document, in its order. */
export function incumbentEndpoints(openapi) {
  return Object.entries(openapi.paths).flatMap(([path, item]) => METHODS.filter((m) => item[m]).map((m) => ({ method: m.toUpperCase(), path })));
}

/** The reason an endpoint is not served, or null when none is written. */
export const reasonFor = (path) => REASONS.find(([pattern]) => pattern.test(path))[1];

/** The incumbent's endpoints `serves(method, path)` says Lumen does not serve. */
export function unservedEndpoints(openapi, serves) {
  return incumbentEndpoints(openapi).filter(({ method, path }) => !serves(method, path));
}

/** Whether a Fastify app routes `method` on a template (`{pk}` any id); the SPA's catch-all page does not count. */
export function appServes(app, method, template) {
  const route = app.findRoute({ method, url: template.replace(/\{([^}]+)\}/g, ':$1') });
  if (route === null) return false;
  return Object.entries(route.params).every(([name, value]) => name !== '*' && (value.startsWith(':') || !/^(pk|id|id_or_slug|uuid)$/.test(name)));
}

/** The docs section: one table row per reason, listing its endpoints; throws naming endpoints with no reason. */
export function renderUnservedSection(unserved, total) {
  const missing = unserved.filter(({ path }) => reasonFor(path) === null);
  if (missing.length) throw new Error(`No reason written in scripts/unserved-endpoints.mjs for: ${missing.map((e) => `${e.method} ${e.path}`).join(', ')}`);
  const byReason = new Map();
  for (const endpoint of unserved) {
    const reason = reasonFor(endpoint.path);
    byReason.set(reason, [...(byReason.get(reason) ?? []), endpoint]);
  }
  const rows = [...byReason].map(([reason, endpoints]) => `| ${endpoints.map((e) => `\`${e.method} ${e.path}\``).join(', ')} | ${reason} |`);
  return [
    START_MARKER,
    `${unserved.length} of the incumbent's ${total} endpoints (method and path) are not served; generated by \`node scripts/unserved-endpoints.mjs\`.`,
    '',
    '| endpoints | reason |',
    '| --- | --- |',
    ...rows,
    END_MARKER,
  ].join('\n');
}

/** The section as docs/rest-api.md carries it now. */
export function documentedSection(markdown = readFileSync(DOC_PATH, 'utf8')) {
  const start = markdown.indexOf(START_MARKER);
  const end = markdown.indexOf(END_MARKER);
  return start < 0 || end < 0 ? null : markdown.slice(start, end + END_MARKER.length);
}

/** The section for an app: what `renderUnservedSection` writes, with the document's endpoint count. */
export function sectionFor(app, openapi = JSON.parse(readFileSync(OPENAPI_PATH, 'utf8'))) {
  return renderUnservedSection(
    unservedEndpoints(openapi, (method, path) => appServes(app, method, path)),
    incumbentEndpoints(openapi).length,
  );
}

async function main() {
  const server = pathToFileURL(join(ROOT, 'packages', 'server', 'dist', 'index.js')).href;
  const { buildApp, loadConfig, openMetadataStore, migrateToLatest } = await import(server).catch(() => {
    throw new Error('packages/server/dist is missing: run node scripts/ensure-built.mjs first');
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'lumen-unserved-'));
  const config = loadConfig({}, { dataDir, metadataUrl: 'sqlite://:memory:', secretKey: randomBytes(32).toString('hex'), loadExamples: false, logLevel: 'silent' });
  const store = openMetadataStore(config.metadataUrl);
  await migrateToLatest(store, config);
  const app = await buildApp({ config, store, logger: false });
  await app.ready();
  try {
    const section = sectionFor(app);
    if (process.argv.includes('--write')) {
      const markdown = readFileSync(DOC_PATH, 'utf8');
      const current = documentedSection(markdown);
      if (current === null) throw new Error(`docs/rest-api.md has no ${START_MARKER} … ${END_MARKER} section to rewrite`);
      writeFileSync(DOC_PATH, markdown.replace(current, section));
    } else process.stdout.write(`${section}\n`);
  } finally {
    await app.close();
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
