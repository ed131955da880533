import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness';
import { QUIET_REPORTS, seedListFixtures } from './list-fixtures';
import { client, q } from './test-support';

/**
 * Issue 19: without select_columns a list returns the incumbent's list columns and no more (its `*.get_list`
 * response schema in the OpenAPI document, objects dotted: owners.id), so clients written for it get the
 * same items at the same size; select_columns still reaches Lumen's other columns.
 */
const OPENAPI = '/work/shared/reference/superset-openapi.json';

const SCHEMAS: Record<string, string> = {
  chart: 'ChartRestApi.get_list',
  dashboard: 'DashboardRestApi.get_list',
  dataset: 'DatasetRestApi.get_list',
  database: 'DatabaseRestApi.get_list',
  saved_query: 'SavedQueryRestApi.get_list',
  report: 'ReportScheduleRestApi.get_list',
  tag: 'TagRestApi.get_list',
};

interface SchemaProperty {
  $ref?: string;
  items?: { $ref?: string };
  allOf?: { $ref?: string }[];
}
type Schemas = Record<string, { properties?: Record<string, SchemaProperty> }>;

const refName = (p: SchemaProperty) => (p.$ref ?? p.items?.$ref ?? p.allOf?.[0]?.$ref)?.split('/').pop();

/** The incumbent's list columns of one schema: plain keys, and `key.sub` for the keys of nested objects. */
function incumbentColumns(schemas: Schemas, name: string): string[] {
  const out: string[] = [];
  for (const [key, property] of Object.entries(schemas[name].properties ?? {})) {
    const nested = refName(property);
    if (nested) out.push(...Object.keys(schemas[nested].properties ?? {}).map((sub) => `${key}.${sub}`));
    else out.push(key);
  }
  return out.sort();
}

/**
 * The dotted keys of the relations of an item (objects, or the first element of lists of objects) the
 * incumbent lists by their keys; free-form objects such as form_data are one column.
 */
function relationColumns(item: Record<string, unknown>, expected: string[]): string[] {
  return Object.entries(item).flatMap(([key, value]) => {
    if (!expected.some((c) => c.startsWith(`${key}.`))) return [];
    const inner = Array.isArray(value) ? value[0] : value;
    return inner && typeof inner === 'object' ? Object.keys(inner).map((sub) => `${key}.${sub}`) : [];
  });
}

describe('list endpoints default to the incumbent list columns', () => {
  let t: TestApp;
  const schemas = (JSON.parse(readFileSync(OPENAPI, 'utf8')) as { components: { schemas: Schemas } }).components.schemas;

  beforeAll(async () => {
    t = await createTestApp({ config: { reports: QUIET_REPORTS } });
    await seedListFixtures(t, 2);
  }, 60_000);
  afterAll(async () => t?.close());

  it.each(Object.entries(SCHEMAS))('%s: list_columns and every item match %s', async (resource, schema) => {
    const expected = incumbentColumns(schemas, schema);
    const res = await client(t).get(`/api/v1/${resource}/?${q({ page: 0, page_size: 25 })}`);
    expect(res.status).toBe(200);
    expect([...res.body.list_columns].sort()).toEqual(expected);
    expect(res.body.result.length).toBeGreaterThan(0);
    const heads = [...new Set(expected.map((c) => c.split('.')[0]))].sort();
    for (const item of res.body.result as Record<string, unknown>[]) {
      expect(Object.keys(item).sort()).toEqual(heads);
      // Nested objects that are present carry exactly the incumbent's keys (null ones have none to compare).
      for (const column of relationColumns(item, expected)) expect(expected).toContain(column);
    }
  });

  it('select_columns still reaches columns outside the default', async () => {
    const res = await client(t).get(`/api/v1/chart/?${q({ select_columns: ['id', 'query_context', 'dashboards', 'changed_on'] })}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.result[0]).sort()).toEqual(['changed_on', 'dashboards', 'id', 'query_context']);
    expect(res.body.list_columns).toEqual(['id', 'query_context', 'dashboards', 'changed_on']);
  });

  it('a dataset list asked for certification gets it beside the default columns', async () => {
    const res = await client(t).get(`/api/v1/dataset/?${q({ select_columns: ['id', 'table_name', 'certified_by', 'certification_details', 'database.database_name'] })}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.result[0]).sort()).toEqual(['certification_details', 'certified_by', 'database', 'id', 'table_name']);
    expect(Object.keys(res.body.result[0].database)).toEqual(['database_name']);
  });
});
