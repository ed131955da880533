import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineElements } from './define-elements';
import { BI_QUERY_ERROR, BI_QUERY_SUCCESS, BI_READY, type BiQueryErrorDetail, type BiQuerySuccessDetail } from './element-events';

/**
 * <bi-sqllab>'s query events: the element makes its own session client over the browser's fetch, so the
 * network is the edge faked here. A host listening on document.body sees bi-query-success and
 * bi-query-error cross the shadow root, with the details of the spec's query and error shapes.
 */

defineElements({ only: ['bi-sqllab'] });

const COLUMNS = [{ column_name: 'answer', type: 'INTEGER', is_dttm: false, type_generic: 0 }];
const SQL_ERROR = { message: 'Catalog Error: Table with name nope does not exist!', error_type: 'GENERIC_DB_ENGINE_ERROR', level: 'error', extra: { engine_name: 'DuckDB' } };

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Lumen's answers for one SQL Lab session; `execute` decides each run. */
function fakeLumen(execute: (clientId: string) => Response) {
  const calls: string[] = [];
  const fetch = vi.fn(async (input: string, init: { method?: string; body?: string } = {}) => {
    const path = new URL(input, 'http://lumen.test').pathname;
    const method = init.method ?? 'GET';
    calls.push(`${method} ${path}`);
    switch (`${method} ${path}`) {
      case 'GET /api/v1/sqllab/':
        return json(200, {
          result: {
            active_tab: null,
            tab_state_ids: [],
            databases: { 1: { id: 1, database_name: 'examples', backend: 'duckdb', allow_multi_catalog: false, expose_in_sqllab: true, allow_run_async: false, disable_data_preview: false } },
            queries: {},
            common: { conf: { DEFAULT_SQLLAB_LIMIT: 1000, SQL_MAX_ROW: 100000, DEFAULT_DB_ID: 1 }, feature_flags: { SQLLAB_BACKEND_PERSISTENCE: false } },
          },
        });
      case 'GET /api/v1/me/':
        return json(200, { result: { id: 1, username: 'admin', roles: {} } });
      case 'GET /api/v1/security/csrf_token/':
        return json(200, { result: 'csrf' });
      case 'GET /api/v1/database/1/schemas/':
        return json(200, { result: ['main'] });
      case 'POST /api/v1/sqllab/execute/':
        return execute((JSON.parse(init.body ?? '{}') as { client_id: string }).client_id);
      default:
        return json(200, { result: [] });
    }
  });
  return { fetch, calls };
}

afterEach(() => {
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

/** Clicks SQL Lab's Run button inside the element's shadow root, once it has rendered. */
async function clickRun(element: HTMLElement): Promise<void> {
  const button = await vi.waitFor(
    () => {
      const found = [...(element.shadowRoot?.querySelectorAll('button') ?? [])].find((b) => b.textContent === 'Run' && !b.disabled);
      if (!found) throw new Error('Run not rendered yet');
      return found;
    },
    { timeout: 5000 },
  );
  button.click();
}

describe('<bi-sqllab> query events', () => {
  it('dispatch bi-query-success and bi-query-error, bubbling and composed, with the query details', async () => {
    let fail = false;
    const lumen = fakeLumen((id) =>
      fail
        ? json(400, { message: SQL_ERROR.message, errors: [SQL_ERROR] })
        : json(200, { status: 'success', query: { id, serverId: 7, dbId: 1, state: 'success', rows: 2, limitingFactor: 'NOT_LIMITED' }, columns: COLUMNS, data: [{ answer: 42 }, { answer: 43 }] }),
    );
    vi.stubGlobal('fetch', lumen.fetch);
    const seen: { type: string; event: CustomEvent }[] = [];
    for (const type of [BI_READY, BI_QUERY_SUCCESS, BI_QUERY_ERROR]) document.body.addEventListener(type, (event) => seen.push({ type, event: event as CustomEvent }));

    const element = document.createElement('bi-sqllab');
    element.setAttribute('api-url', 'http://lumen.test');
    document.body.append(element);
    await clickRun(element);
    await vi.waitFor(() => expect(seen.filter((s) => s.type === BI_QUERY_SUCCESS)).toHaveLength(1), { timeout: 5000 });
    const success = seen.find((s) => s.type === BI_QUERY_SUCCESS)!;
    expect(success.event.bubbles && success.event.composed).toBe(true);
    expect(success.event.target).toBe(element);
    const detail = success.event.detail as BiQuerySuccessDetail;
    expect(detail).toMatchObject({ state: 'success', serverId: 7, databaseId: 1, rowCount: 2, columns: COLUMNS, limitingFactor: 'NOT_LIMITED', isDataPreview: false });
    // The new tab's default SQL, as sent to execute (the fake's answer does not echo it).
    expect(detail.sql).toBe('SELECT ...');
    expect(detail.durationMs).toBeGreaterThanOrEqual(0);

    fail = true;
    await clickRun(element);
    await vi.waitFor(() => expect(seen.filter((s) => s.type === BI_QUERY_ERROR)).toHaveLength(1), { timeout: 5000 });
    const failure = seen.find((s) => s.type === BI_QUERY_ERROR)!.event;
    expect(failure.bubbles && failure.composed).toBe(true);
    expect(failure.detail as BiQueryErrorDetail).toMatchObject({ state: 'failed', databaseId: 1, message: SQL_ERROR.message, errors: [SQL_ERROR] });
    expect((failure.detail as BiQueryErrorDetail).queryId).not.toBe(detail.queryId);
    // One event per query: the first success is not repeated by the second run.
    expect(seen.map((s) => s.type)).toEqual([BI_READY, BI_QUERY_SUCCESS, BI_QUERY_ERROR]);
    expect(lumen.calls.filter((c) => c === 'POST /api/v1/sqllab/execute/')).toHaveLength(2);
  });
});
