/**
 * A third-party host for the embedding tests: a plain node:http server on its own port (the tests open it
 * as http://localhost:PORT while Lumen answers on http://127.0.0.1:PORT, so the two are different origins)
 * that serves the SDK bundles and mints guest tokens at POST /guest-token with the admin's Bearer token,
 * as a host's backend would.
 */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { freePort } from './free-port';
import { REPO_ROOT } from './repo-root';

export interface GuestTokenRequest {
  resources: { type: 'dashboard' | 'sqllab'; id: string | number }[];
  rls: { dataset?: number; clause: string }[];
}

export interface EmbedHost {
  port: number;
  /** http://localhost:PORT */
  origin: string;
  /** The same server as another origin (http://127.0.0.1:PORT), not in any allow-list. */
  otherOrigin: string;
  /** What POST /guest-token mints; tests change it between cases. */
  tokenRequest: GuestTokenRequest;
  /** Every token minted, oldest first. */
  minted: string[];
  /** Extra files by URL path (a bundle built for one test). */
  files: Map<string, { type: string; body: string | Buffer }>;
  mint(request?: GuestTokenRequest): Promise<string>;
  stop(): Promise<void>;
}

const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.html': 'text/html; charset=utf-8', '.map': 'application/json' };

/** Static roots by URL prefix: the built bundles. */
const STATIC: Record<string, string> = {
  '/embed/': join(REPO_ROOT, 'packages', 'embed', 'dist', 'bundle'),
  '/elements/': join(REPO_ROOT, 'packages', 'elements', 'dist', 'bundle'),
};

export const HOST_PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>Host</title>
<style>body { margin: 0; font-family: sans-serif; } #mount iframe { width: 100%; height: 900px; border: 0; }</style>
</head><body><h1>Third-party host</h1><div id="mount"></div></body></html>`;

export async function startEmbedHost(lumen: { url: string; accessToken: string }): Promise<EmbedHost> {
  const port = await freePort();
  const host: EmbedHost = {
    port,
    origin: `http://localhost:${port}`,
    otherOrigin: `http://127.0.0.1:${port}`,
    tokenRequest: { resources: [], rls: [] },
    minted: [],
    files: new Map(),
    async mint(request = host.tokenRequest) {
      const response = await fetch(`${lumen.url}/api/v1/security/guest_token/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${lumen.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ user: { username: 'guest@host', first_name: 'Guest', last_name: 'Viewer' }, ...request }),
      });
      const body = (await response.json()) as { token?: string };
      if (!response.ok || !body.token) throw new Error(`guest_token: ${response.status} ${JSON.stringify(body)}`);
      host.minted.push(body.token);
      return body.token;
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', 'http://host').pathname;
      try {
        if (request.method === 'POST' && path === '/guest-token') {
          const token = await host.mint();
          response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ token }));
          return;
        }
        const extra = host.files.get(path);
        if (extra) {
          response.writeHead(200, { 'content-type': extra.type }).end(extra.body);
          return;
        }
        const prefix = Object.keys(STATIC).find((p) => path.startsWith(p));
        if (prefix) {
          const file = normalize(join(STATIC[prefix], path.slice(prefix.length)));
          if (!file.startsWith(STATIC[prefix])) throw new Error('outside root');
          response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(await readFile(file));
          return;
        }
        response.writeHead(200, { 'content-type': TYPES['.html'] }).end(HOST_PAGE);
      } catch (error) {
        response.writeHead(path === '/guest-token' ? 500 : 404, { 'content-type': 'text/plain' }).end(String(error));
      }
    })();
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return host;
}

/** Logs in with the Lumen API (Bearer), as a host backend does. */
export async function lumenAccessToken(url: string, admin: { username: string; password: string }): Promise<string> {
  const response = await fetch(`${url}/api/v1/security/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...admin, provider: 'db' }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`login failed: ${response.status}`);
  return body.access_token;
}
