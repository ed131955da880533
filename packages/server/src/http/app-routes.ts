import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loginCsrfToken, withCsrfField } from '../security/login-csrf';
import { LEGACY_LIST_PAGES } from '../security-api/legacy-list-pages';
import { CSP_HEADER, contentSecurityPolicy, SELF_ONLY } from './content-security-policy';
import { addTimingAllowOrigin, embeddingOriginsOf, type IsEmbeddingOrigin } from './timing-allow-origin';

/** Said instead of the app when packages/app/dist has not been built. */
export const APP_NOT_BUILT_MESSAGE = 'The app is not built: run npm run build';

/** Where the hashed assets are served; rollup.config.mjs writes index.html with this prefix. */
export const APP_ASSET_PREFIX = '/static/';

/**
 * Addresses answered with the app's index.html: the router's pages (packages/app/src/router/routes.ts) and
 * the families of pages still to come (explore, dashboards under /superset/, SQL Lab tabs, the iframe
 * embedding page). Exact API routes registered by other plugins win over these wildcards, and /api/* and
 * /health never fall back to the app.
 */
export const APP_HTML_ROUTES: readonly string[] = [
  '/',
  '/superset/welcome/',
  '/chart/list/',
  '/dashboard/list/',
  '/sqllab/',
  '/tablemodelview/list/',
  '/databaseview/list/',
  '/savedqueryview/list/',
  '/report/list/',
  '/users/list/',
  '/roles/list/',
  '/rowlevelsecurity/list/',
  // Annotation layers, /annotationlayer/list/, and one layer's annotations, /annotationlayer/{id}/annotation/.
  '/annotationlayer/*',
  '/user_info/',
  '/request_access/',
  // The creation pages (the trailing slash is ignored, so '/chart/add' matches too).
  '/chart/add/',
  '/dataset/add/',
  '/dashboard/new/',
  '/superset/*',
  // A wildcard does not match its bare prefix, so the bare page is listed too.
  '/explore/',
  '/explore/*',
  '/sqllab/*',
  '/embedded/*',
  // A report's execution log, /report/{id}/log/.
  '/report/*',
];

/** The login form: the app's page plus the incumbent's hidden csrf_token field (security/login-csrf.ts). */
export const LOGIN_PAGE = '/login/';

export interface AppRoutesOptions {
  /** Directory holding index.html and static/; defaults to LUMEN_APP_DIR, else packages/app/dist found from here. */
  appDir?: string;
  /** Origins that get Timing-Allow-Origin; defaults to the embedded dashboards' allowed_domains. */
  isEmbeddingOrigin?: IsEmbeddingOrigin;
}

/**
 * Finds packages/app/dist by walking up from this file: it runs from packages/server/dist/cli.js when
 * built and from packages/server/src/http/ in tests, so a fixed relative path would be wrong in one of them.
 * Falls back to the working directory (a start from the repository root).
 */
export function resolveAppDir(env: NodeJS.ProcessEnv = process.env, from: string = fileURLToPath(import.meta.url)): string {
  if (env.LUMEN_APP_DIR) return resolve(env.LUMEN_APP_DIR);
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'packages', 'app', 'package.json'))) return join(dir, 'packages', 'app', 'dist');
    if (dirname(dir) === dir) break;
  }
  return resolve('packages', 'app', 'dist');
}

function notBuilt(reply: FastifyReply): FastifyReply {
  return reply.status(503).header('Cache-Control', 'no-store').type('text/plain; charset=utf-8').send(APP_NOT_BUILT_MESSAGE);
}

/**
 * Serves the standalone app: hashed assets under /static/ with a year-long immutable cache (their
 * precompressed .br/.gz when the browser accepts them; the build writes them), and index.html
 * (never cached, so a new build is picked up on the next page load) for every app route. index.html is read
 * per request, so rebuilding the app does not need a server restart; the asset directory is looked up once,
 * so an app built for the first time after start needs one.
 *
 * @example
 * await app.register(registerAppRoutes);
 * await app.register(registerAppRoutes, { appDir: '/srv/lumen/app' });
 */
export async function registerAppRoutes(app: FastifyInstance, options: AppRoutesOptions = {}): Promise<void> {
  const appDir = options.appDir ? resolve(options.appDir) : resolveAppDir();
  const indexFile = join(appDir, 'index.html');
  const staticDir = join(appDir, 'static');
  // The guest page (/embedded/…) and its scripts: a host page's Resource Timing may read their timings.
  const isEmbeddingOrigin = options.isEmbeddingOrigin ?? embeddingOriginsOf(app);
  if (isEmbeddingOrigin) addTimingAllowOrigin(app, isEmbeddingOrigin);

  if (existsSync(staticDir)) {
    await app.register(fastifyStatic, {
      root: staticDir,
      prefix: APP_ASSET_PREFIX,
      // Every file under static/ carries a content hash in its name (rollup.config.mjs), so it never changes.
      immutable: true,
      maxAge: '365d',
      preCompressed: true,
      index: false,
      decorateReply: false,
    });
  } else {
    app.log.warn({ appDir }, APP_NOT_BUILT_MESSAGE);
    app.get(`${APP_ASSET_PREFIX}*`, async (_request, reply) => notBuilt(reply));
  }

  /**
   * `loginOf`: the login page's request, whose page carries the incumbent's csrf_token field. `markup`: the
   * incumbent's server-rendered content some pages carry, hidden, for the clients that scrape them.
   */
  const sendIndex = async (reply: FastifyReply, status: number, loginOf?: FastifyRequest, markup?: string | null) => {
    let html: Buffer | string;
    try {
      html = await readFile(indexFile);
    } catch {
      return notBuilt(reply);
    }
    if (loginOf) html = withCsrfField(html.toString('utf8'), loginCsrfToken(loginOf, reply));
    if (markup) html = beforeBodyEnd(html.toString('utf8'), markup);
    return reply
      .status(status)
      // A page carrying records (users, roles) is the caller's own: no shared cache may keep it.
      .header('Cache-Control', markup ? 'private, no-store' : 'no-cache')
      .header('X-Content-Type-Options', 'nosniff')
      // Guest pages under /embedded/ get their own frame-ancestors in an onSend hook (embedding/frame-ancestors.ts).
      .header(CSP_HEADER, contentSecurityPolicy(SELF_ONLY, app.lumen?.config.mapStyleUrl ?? null))
      .header('Referrer-Policy', 'strict-origin-when-cross-origin')
      .type('text/html; charset=utf-8')
      .send(html);
  };
  for (const url of APP_HTML_ROUTES) {
    const legacy = LEGACY_LIST_PAGES[url];
    app.get(url, async (request, reply) => sendIndex(reply, 200, undefined, legacy ? await legacy(request) : null));
  }
  app.get(LOGIN_PAGE, async (request, reply) => sendIndex(reply, 200, request));

  // Any other address a browser opens gets the app with a 404, so the app shows its own 'Page not found';
  // API calls, assets and clients that do not ask for HTML keep the JSON 404 of the error handler.
  app.get('/*', async (request, reply) => {
    if (!wantsAppPage(request.url, request.headers.accept)) return reply.callNotFound();
    return sendIndex(reply, 404);
  });
}

/** The HTML with `markup` just before `</body>` (at the end when there is none). */
function beforeBodyEnd(html: string, markup: string): string {
  const end = html.lastIndexOf('</body>');
  return end === -1 ? html + markup : html.slice(0, end) + markup + html.slice(end);
}

/**
 * True for a browser navigation to an address outside the API and the assets.
 *
 * @example
 * wantsAppPage('/nope/', 'text/html,application/xhtml+xml'); // true
 * wantsAppPage('/api/v1/nope', 'text/html'); // false
 */
export function wantsAppPage(url: string, accept: string | undefined): boolean {
  const path = url.split('?')[0]!;
  if (path === '/api' || path.startsWith('/api/') || path.startsWith(APP_ASSET_PREFIX) || path === '/health') return false;
  return Boolean(accept?.includes('text/html'));
}
