/**
 * The host's backend, shared by the examples: logs in to Lumen with Bearer credentials from the environment,
 * registers (or finds) the embedding of a dashboard for this host's origin, mints guest tokens at
 * POST /guest-token. Inline elements call Lumen directly (api-url = LUMEN_URL): Lumen answers CORS for the
 * origins in an embedding's allowed_domains, which this registers. Plain node:http, no framework.
 */
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

export const LUMEN_URL = (process.env.LUMEN_URL ?? 'http://localhost:8088').replace(/\/+$/, '');
const USERNAME = process.env.LUMEN_USERNAME ?? 'admin';
const PASSWORD = process.env.LUMEN_PASSWORD;
const DASHBOARD = process.env.LUMEN_DASHBOARD ?? 'Sales Dashboard';
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css', '.map': 'application/json' };

async function lumen(method, path, body, token) {
  const response = await fetch(`${LUMEN_URL}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** Logs in, finds the dashboard (title, slug or id) and registers it for embedding from `origin`. */
export async function prepareEmbedding(origin) {
  if (!PASSWORD) throw new Error('Set LUMEN_PASSWORD (and LUMEN_USERNAME, LUMEN_URL) to the Lumen account that mints guest tokens');
  const { access_token: token } = await lumen('POST', '/api/v1/security/login', { username: USERNAME, password: PASSWORD, provider: 'db' });
  let id = /^\d+$/.test(DASHBOARD) ? Number(DASHBOARD) : null;
  if (id === null) {
    const q = encodeURIComponent(`(filters:!((col:dashboard_title,opr:eq,value:'${DASHBOARD.replace(/'/g, "!'")}')))`);
    id = (await lumen('GET', `/api/v1/dashboard/?q=${q}`, undefined, token)).result[0]?.id ?? DASHBOARD;
  }
  let embedded;
  try {
    embedded = (await lumen('GET', `/api/v1/dashboard/${id}/embedded`, undefined, token)).result;
  } catch {
    embedded = null;
  }
  const domains = new Set([...(embedded?.allowed_domains ?? []), origin]);
  embedded = (await lumen('PUT', `/api/v1/dashboard/${id}/embedded`, { allowed_domains: [...domains] }, token)).result;
  const charts = (await lumen('GET', `/api/v1/dashboard/${id}/charts`, undefined, token)).result;
  const mint = async () =>
    (await lumen('POST', '/api/v1/security/guest_token/', { user: { username: 'example-viewer' }, resources: [{ type: 'dashboard', id: embedded.uuid }], rls: [] }, token)).token;
  return { uuid: embedded.uuid, dashboardId: id, chartId: charts[0]?.id, mint };
}

/**
 * Serves `files` (URL prefix -> directory; '/' is the page's own folder) on `port`, with /config.json,
 * POST /guest-token.
 */
export async function startHost({ port, files }) {
  const origin = `http://127.0.0.1:${port}`;
  const embedding = await prepareEmbedding(origin);
  const config = { lumenUrl: LUMEN_URL, apiUrl: LUMEN_URL, uuid: embedding.uuid, dashboardId: embedding.dashboardId, chartId: embedding.chartId };
  createServer(async (request, response) => {
    try {
      const path = new URL(request.url, origin).pathname;
      if (path === '/guest-token' && request.method === 'POST') return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ token: await embedding.mint() }));
      if (path === '/config.json') return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(config));
      const prefix = Object.keys(files).filter((p) => path.startsWith(p)).sort((a, b) => b.length - a.length)[0];
      const root = files[prefix];
      const file = normalize(join(root, path.slice(prefix.length) || 'index.html'));
      if (!file.startsWith(root)) throw new Error('not found');
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(await readFile(file));
    } catch (error) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end(String(error.message ?? error));
    }
  }).listen(port, '127.0.0.1', () => console.log(`Host page on ${origin}/ (Lumen: ${LUMEN_URL}, embedded uuid ${embedding.uuid})`));
}
