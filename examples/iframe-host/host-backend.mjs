/**
 * The host's backend, shared by the three examples: logs in to Lumen with Bearer credentials from the
 * environment, registers (or finds) the embedding of a dashboard for this host's origin, mints guest tokens at
 * POST /guest-token and serves the page's static files. Inline elements call Lumen directly
 * (api-url = LUMEN_URL): Lumen answers CORS for the origins in an embedding's allowed_domains, which this
 * registers. Plain node:http, no framework.
 *
 * Settings (environment): LUMEN_URL (default http://localhost:8088), LUMEN_USERNAME (admin), LUMEN_PASSWORD
 * (required), LUMEN_DASHBOARD (title, slug or id; default "Sales Dashboard"), PORT (each example's own).
 */
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

export const LUMEN_URL = (process.env.LUMEN_URL ?? 'http://localhost:8088').replace(/\/+$/, '');
const USERNAME = process.env.LUMEN_USERNAME ?? 'admin';
const PASSWORD = process.env.LUMEN_PASSWORD;
const DASHBOARD = process.env.LUMEN_DASHBOARD ?? 'Sales Dashboard';
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css', '.map': 'application/json' };

class LumenError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

async function lumen(method, path, { body, token } = {}) {
  let response;
  try {
    response = await fetch(`${LUMEN_URL}${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch (error) {
    throw new LumenError(`${method} ${LUMEN_URL}${path}: Lumen is not reachable (${error.cause?.code ?? error.message}); is it running (npm start) and is LUMEN_URL right?`, 0);
  }
  const json = await response.json().catch(() => null);
  if (!response.ok) throw new LumenError(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`, response.status);
  return json;
}

/**
 * A Lumen API session as LUMEN_USERNAME. Access tokens expire (15 minutes by default): a call answered 401
 * logs in again once and retries, so a host that runs for hours keeps minting guest tokens.
 */
function lumenSession() {
  let token = null;
  const login = async () => {
    if (!PASSWORD) throw new Error('Set LUMEN_PASSWORD (and LUMEN_USERNAME, LUMEN_URL) to the Lumen account that mints guest tokens');
    token = (await lumen('POST', '/api/v1/security/login', { body: { username: USERNAME, password: PASSWORD, provider: 'db' } })).access_token;
  };
  return async (method, path, body) => {
    if (!token) await login();
    try {
      return await lumen(method, path, { body, token });
    } catch (error) {
      if (error.status !== 401) throw error;
      await login();
      return lumen(method, path, { body, token });
    }
  };
}

/** The dashboard id of LUMEN_DASHBOARD: an id as is, else a title or a slug. */
async function findDashboard(api) {
  if (/^\d+$/.test(DASHBOARD)) return Number(DASHBOARD);
  const value = DASHBOARD.replace(/'/g, "!'");
  for (const column of ['dashboard_title', 'slug']) {
    const q = encodeURIComponent(`(filters:!((col:${column},opr:eq,value:'${value}')))`);
    const id = (await api('GET', `/api/v1/dashboard/?q=${q}`)).result[0]?.id;
    if (id !== undefined) return id;
  }
  throw new Error(`No Lumen dashboard has the title or slug "${DASHBOARD}" (LUMEN_DASHBOARD)`);
}

/**
 * Logs in, finds the dashboard and adds `origins` to its embedding's allowed domains (keeping the others,
 * so the three examples can share one dashboard). Two examples starting at once could each overwrite the
 * other's list, so the list is read back until it holds our origins.
 */
export async function prepareEmbedding(origins) {
  const api = lumenSession();
  const id = await findDashboard(api);
  let embedded = null;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      embedded = (await api('GET', `/api/v1/dashboard/${id}/embedded`)).result;
    } catch (error) {
      if (error.status !== 404) throw error;
      embedded = null;
    }
    if (embedded && origins.every((origin) => embedded.allowed_domains.includes(origin))) break;
    const domains = new Set([...(embedded?.allowed_domains ?? []), ...origins]);
    await api('PUT', `/api/v1/dashboard/${id}/embedded`, { allowed_domains: [...domains] });
    await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
  }
  if (!embedded || !origins.every((origin) => embedded.allowed_domains.includes(origin))) {
    throw new Error(`Could not add ${origins.join(', ')} to the allowed domains of dashboard ${id}`);
  }
  const charts = (await api('GET', `/api/v1/dashboard/${id}/charts`)).result;
  const mint = async () =>
    (await api('POST', '/api/v1/security/guest_token/', { user: { username: 'example-viewer', first_name: 'Example', last_name: 'Viewer' }, resources: [{ type: 'dashboard', id: embedded.uuid }], rls: [] })).token;
  return { uuid: embedded.uuid, dashboardId: id, chartId: charts[0]?.id, mint };
}

/**
 * Serves `files` (URL prefix -> directory; '/' is the page's own folder) on `port`, with /config.json (what
 * the page needs to know about Lumen) and POST /guest-token. `required` lists files that must exist (the
 * built bundles): a missing one stops the start with the command that builds it.
 */
export async function startHost({ port, files, required = [] }) {
  for (const file of required) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`node scripts/ensure-built.mjs\` at the repository root (npm start does it too)`);
  }
  // The page may be opened as 127.0.0.1 or as localhost: both are registered.
  const origins = [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
  const embedding = await prepareEmbedding(origins);
  const config = { lumenUrl: LUMEN_URL, apiUrl: LUMEN_URL, uuid: embedding.uuid, dashboardId: embedding.dashboardId, chartId: embedding.chartId };
  const send = (response, status, type, body) => response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
  const server = createServer(async (request, response) => {
    const path = new URL(request.url, origins[0]).pathname;
    if (path === '/guest-token' && request.method === 'POST') {
      try {
        return send(response, 200, 'application/json', JSON.stringify({ token: await embedding.mint() }));
      } catch (error) {
        console.error(`Minting a guest token failed: ${error.message}`);
        return send(response, 502, 'application/json', JSON.stringify({ message: error.message }));
      }
    }
    if (path === '/config.json') return send(response, 200, 'application/json', JSON.stringify(config));
    const prefix = Object.keys(files).filter((p) => path.startsWith(p)).sort((a, b) => b.length - a.length)[0];
    const root = files[prefix];
    const file = normalize(join(root, decodeURIComponent(path.slice(prefix.length)) || 'index.html'));
    if (!file.startsWith(root + sep)) return send(response, 404, 'text/plain', 'Not found');
    try {
      send(response, 200, TYPES[extname(file)] ?? 'application/octet-stream', await readFile(file));
    } catch {
      send(response, 404, 'text/plain', 'Not found');
    }
  });
  await new Promise((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  console.log(`Host page on ${origins[0]}/ (Lumen: ${LUMEN_URL}, embedded uuid ${embedding.uuid})`);
  return server;
}
