/** Lumen-side setup of the embedding tests: example dashboards and charts by name, embedding registration. */
export interface LumenApi {
  url: string;
  accessToken: string;
}

async function call<T>(lumen: LumenApi, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${lumen.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${lumen.accessToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** The id of the resource whose `column` equals `value` (rison list filter). */
export async function findId(lumen: LumenApi, resource: 'dashboard' | 'chart', column: string, value: string): Promise<number> {
  const q = `(filters:!((col:${column},opr:eq,value:'${value.replace(/'/g, "!'")}')))`;
  const { result } = await call<{ result: { id: number }[] }>(lumen, 'GET', `/api/v1/${resource}/?q=${encodeURIComponent(q)}`);
  if (!result[0]) throw new Error(`No ${resource} with ${column} = ${value}`);
  return result[0].id;
}

/** Enables embedding of a dashboard for the given origins; returns the embedded uuid. */
export async function registerEmbedding(lumen: LumenApi, dashboardId: number, allowedDomains: string[]): Promise<string> {
  const { result } = await call<{ result: { uuid: string } }>(lumen, 'POST', `/api/v1/dashboard/${dashboardId}/embedded`, { allowed_domains: allowedDomains });
  return result.uuid;
}
