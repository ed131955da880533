import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineElements } from './define-elements';
import { BI_ERROR, BI_QUERY_SUCCESS, type BiErrorDetail, type BiQuerySuccessDetail } from './element-events';
import type { BiSqlLabElement } from './sqllab-element';

/**
 * <bi-sqllab database-id sql>: the host's query opens in a tab of its own on the database it names, a later
 * `sql` replaces that tab's content, `run()` runs it, and a database SQL Lab does not expose is refused with
 * bi-error and an error in the view. The network is the edge faked here (two databases; 1 is the default, so
 * a query on 2 proves the attribute was honoured).
 */

defineElements({ only: ['bi-sqllab'] });

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const database = (id: number, name: string) => ({ id, database_name: name, backend: 'duckdb', allow_multi_catalog: false, expose_in_sqllab: true, allow_run_async: false, disable_data_preview: false });

interface Execute {
  client_id: string;
  database_id: number;
  schema: string | null;
  sql: string;
}

function fakeLumen() {
  const executed: Execute[] = [];
  const fetch = vi.fn(async (input: string, init: { method?: string; body?: string } = {}) => {
    const path = new URL(input, 'http://lumen.test').pathname;
    switch (`${init.method ?? 'GET'} ${path}`) {
      case 'GET /api/v1/sqllab/':
        return json(200, {
          result: {
            active_tab: null,
            tab_state_ids: [],
            databases: { 1: database(1, 'examples'), 2: database(2, 'warehouse') },
            queries: {},
            common: { conf: { DEFAULT_SQLLAB_LIMIT: 1000, SQL_MAX_ROW: 100000, DEFAULT_DB_ID: 1 }, feature_flags: { SQLLAB_BACKEND_PERSISTENCE: false } },
          },
        });
      case 'GET /api/v1/me/':
        return json(200, { result: { id: 1, username: 'admin', roles: {} } });
      case 'POST /api/v1/sqllab/execute/': {
        const body = JSON.parse(init.body ?? '{}') as Execute;
        executed.push(body);
        const data = [{ n: 1 }, { n: 2 }, { n: 3 }];
        const columns = [{ column_name: 'n', type: 'INTEGER', is_dttm: false, type_generic: 0 }];
        // The query echoed as Lumen's server does (the outcome reports the server's fields).
        const query = { id: body.client_id, serverId: 9, dbId: body.database_id, schema: body.schema, sql: body.sql, state: 'success', rows: data.length };
        return json(200, { status: 'success', query, columns, data });
      }
      default:
        return json(200, { result: [] });
    }
  });
  return { fetch, executed };
}

afterEach(() => {
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

function addSqlLab(attributes: Record<string, string>): BiSqlLabElement {
  const element = document.createElement('bi-sqllab') as BiSqlLabElement;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  return element;
}

/** The tab strip's tab names and which one is selected. */
function tabs(element: HTMLElement): { names: string[]; selected: string | undefined } {
  const all = [...(element.shadowRoot?.querySelectorAll('[role="tab"][aria-selected]') ?? [])].filter((t) => t.closest('.bi-sqllab__south-tabs') === null);
  return { names: all.map((t) => t.textContent ?? ''), selected: all.find((t) => t.getAttribute('aria-selected') === 'true')?.textContent ?? undefined };
}

const editorText = (element: HTMLElement) => element.shadowRoot?.querySelector('.bi-sql-editor .cm-content')?.textContent ?? null;

describe('<bi-sqllab> database-id and sql', () => {
  it('opens the host query in its own tab, runs it on that database, and follows a new sql', async () => {
    const lumen = fakeLumen();
    vi.stubGlobal('fetch', lumen.fetch);
    const successes: BiQuerySuccessDetail[] = [];
    document.body.addEventListener(BI_QUERY_SUCCESS, (event) => successes.push((event as CustomEvent<BiQuerySuccessDetail>).detail));
    const element = addSqlLab({ 'api-url': 'http://lumen.test', 'database-id': '2', schema: 'sales', sql: 'SELECT n FROM orders' });

    await vi.waitFor(() => expect(editorText(element)).toBe('SELECT n FROM orders'), { timeout: 5000 });
    expect(tabs(element).selected).toContain('Embedded query');
    // The database picker shows the host's database, not the default one.
    expect(element.shadowRoot!.querySelector('[role="combobox"][aria-label="Database"]')?.getAttribute('data-value')).toBe('warehouse');

    const outcome = await element.run();
    expect(outcome).toMatchObject({ state: 'success', databaseId: 2, schema: 'sales', sql: 'SELECT n FROM orders', rowCount: 3 });
    expect(lumen.executed).toMatchObject([{ database_id: 2, schema: 'sales', sql: 'SELECT n FROM orders' }]);
    expect(successes).toEqual([outcome]);

    // A new sql replaces the editor content without running it.
    element.setAttribute('sql', 'SELECT n FROM returns');
    await vi.waitFor(() => expect(editorText(element)).toBe('SELECT n FROM returns'), { timeout: 5000 });
    expect(lumen.executed).toHaveLength(1);
    // Set as a property and run at once: run() sees it although React has not rendered it yet.
    (element as unknown as { sql: string }).sql = 'SELECT 3';
    expect(await element.run()).toMatchObject({ state: 'success', sql: 'SELECT 3', databaseId: 2 });
    expect(lumen.executed.map((e) => e.sql)).toEqual(['SELECT n FROM orders', 'SELECT 3']);
    // Still one tab for the host, next to the untitled one SQL Lab always has.
    expect(tabs(element).names.filter((name) => name.includes('Embedded query'))).toHaveLength(1);
  });

  it('refuses a database SQL Lab does not expose: bi-error naming the id, an error in the view, nothing run', async () => {
    const lumen = fakeLumen();
    vi.stubGlobal('fetch', lumen.fetch);
    const errors: BiErrorDetail[] = [];
    document.body.addEventListener(BI_ERROR, (event) => errors.push((event as CustomEvent<BiErrorDetail>).detail));
    const element = addSqlLab({ 'api-url': 'http://lumen.test', 'database-id': '99', sql: 'SELECT 1' });

    await vi.waitFor(() => expect(errors).toHaveLength(1), { timeout: 5000 });
    expect(errors[0]).toMatchObject({ source: 'sqllab', code: 'UNKNOWN_DATABASE' });
    expect(errors[0]!.message).toContain('Database 99');
    await vi.waitFor(() => expect(element.shadowRoot!.textContent).toContain('Database 99 is not available in SQL Lab'));
    expect(element.shadowRoot!.querySelector('.bi-sql-editor')).toBeNull();
    await expect(element.run()).rejects.toThrow('Database 99');
    expect(lumen.executed).toEqual([]);
    expect(errors).toHaveLength(1);

    // A database it does expose clears the error and opens the host's tab there.
    element.setAttribute('database-id', '1');
    await vi.waitFor(() => expect(editorText(element)).toBe('SELECT 1'), { timeout: 5000 });
    expect(tabs(element).selected).toContain('Embedded query');
  });

  it('reports a database-id that is not an id as an attribute error', async () => {
    vi.stubGlobal('fetch', fakeLumen().fetch);
    const errors: BiErrorDetail[] = [];
    document.body.addEventListener(BI_ERROR, (event) => errors.push((event as CustomEvent<BiErrorDetail>).detail));
    const element = addSqlLab({ 'api-url': 'http://lumen.test', 'database-id': 'examples' });
    await vi.waitFor(() => expect(errors).toHaveLength(1), { timeout: 5000 });
    expect(errors[0]).toMatchObject({ source: 'attribute', code: 'INVALID_ATTRIBUTE' });
    expect(errors[0]!.message).toContain('database-id: "examples" is not a database id');
    await vi.waitFor(() => expect(element.shadowRoot!.querySelector('[role="alert"]')?.textContent).toContain('"examples"'));
  });
});
