import type { LumenServer } from './lumen-server';

export type AdminApi = <T>(method: string, path: string, body?: unknown) => Promise<T>;

/**
 * JSON calls to a test server as its admin, through a Bearer token from POST /api/v1/security/login
 * (no CSRF needed). A failing call throws with the status, the body and the server's output so far.
 */
export async function adminApi(server: LumenServer): Promise<AdminApi> {
  const login = await fetch(`${server.url}/api/v1/security/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: server.admin.username, password: server.admin.password, provider: 'db' }),
  });
  if (!login.ok) throw new Error(`admin login answered ${login.status}: ${await login.text()}`);
  const { access_token } = (await login.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' };
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${server.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}\n${server.output()}`);
    return (await response.json()) as T;
  };
}

/**
 * The id of the example dashboard (by title) or chart (by name) the server loaded at start; throws naming
 * what is missing.
 *
 * @example
 * const salesDashboardId = await exampleId(api, 'dashboard', 'Sales Dashboard');
 */
export async function exampleId(api: AdminApi, resource: 'dashboard' | 'chart', name: string): Promise<number> {
  const column = resource === 'dashboard' ? 'dashboard_title' : 'slice_name';
  const q = `(filters:!((col:${column},opr:eq,value:'${name.replace(/'/g, "!'")}')))`;
  const { result } = await api<{ result: { id: number }[] }>('GET', `/api/v1/${resource}/?q=${encodeURIComponent(q)}`);
  if (!result[0]) throw new Error(`No example ${resource} named '${name}'`);
  return result[0].id;
}
