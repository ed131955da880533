import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSalesDataset } from '../embedding/test-seed';
import { client, q } from '../resources/test-support';
import { createTestApp, METADATA_DIALECTS, type TestApp } from '../testing/harness';

/**
 * Every filter_type × group_key combination of row-level security rules, on the query path with SQL of its
 * own (aggregated chart data) and on the paths without (samples, drill to detail, CSV), asked alternately by
 * a filtered and an unfiltered user so a cached answer of one would show up as the other's count.
 */
const SALES = Array.from({ length: 120 }, (_, i) => ({ region: ['North', 'South', 'East'][i % 3]!, qty: (i * 7) % 11 }));
type Sale = (typeof SALES)[number];
const count = (keep: (row: Sale) => boolean) => SALES.filter(keep).length;
const north = (r: Sale) => r.region === 'North';
const small = (r: Sale) => r.qty < 5;

interface Case {
  name: string;
  /** Regular rules apply to Gamma; Base rules to everyone but Admin. */
  rules: { filter_type: 'Regular' | 'Base'; clause: string; group_key?: string }[];
  /** Rows left for the Gamma user and for the Alpha user (Admin is exempt from every rule here). */
  gamma: number;
  alpha: number;
}

const CASES: Case[] = [
  {
    name: 'Regular, no group keys: ANDed',
    rules: [
      { filter_type: 'Regular', clause: "region = 'North'" },
      { filter_type: 'Regular', clause: 'qty < 5' },
    ],
    gamma: count((r) => north(r) && small(r)),
    alpha: SALES.length,
  },
  {
    name: 'Regular, one group key: ORed',
    rules: [
      { filter_type: 'Regular', clause: "region = 'North'", group_key: 'g' },
      { filter_type: 'Regular', clause: 'qty < 5', group_key: 'g' },
    ],
    gamma: count((r) => north(r) || small(r)),
    alpha: SALES.length,
  },
  {
    name: 'Regular, two group keys: ANDed',
    rules: [
      { filter_type: 'Regular', clause: "region = 'North'", group_key: 'a' },
      { filter_type: 'Regular', clause: 'qty < 5', group_key: 'b' },
    ],
    gamma: count((r) => north(r) && small(r)),
    alpha: SALES.length,
  },
  {
    name: 'Base, no group key: everyone but its roles',
    rules: [{ filter_type: 'Base', clause: "region = 'North'" }],
    gamma: count(north),
    alpha: count(north),
  },
  {
    name: 'Base and Regular in one group: ORed for the Regular rule’s role',
    rules: [
      { filter_type: 'Base', clause: "region = 'North'", group_key: 'g' },
      { filter_type: 'Regular', clause: 'qty < 5', group_key: 'g' },
    ],
    gamma: count((r) => north(r) || small(r)),
    alpha: count(north),
  },
  {
    name: 'Base in two groups: ANDed',
    rules: [
      { filter_type: 'Base', clause: "region = 'North'", group_key: 'a' },
      { filter_type: 'Base', clause: 'qty < 5', group_key: 'b' },
    ],
    gamma: count((r) => north(r) && small(r)),
    alpha: count((r) => north(r) && small(r)),
  },
];

describe.each(METADATA_DIALECTS)('row-level security combinations on %s metadata', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let salesId: number;
  let roleIds: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    api = client(t);
    salesId = await seedSalesDataset(t, 'sales');
    const roles = await t.ctx.store.db.selectFrom('ab_role').select(['id', 'name']).execute();
    roleIds = Object.fromEntries(roles.map((r) => [r.name, r.id]));
  });
  afterAll(async () => t?.close());

  const chartData = (who: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/chart/data', headers: t.headers(who), payload: { datasource: { id: salesId, type: 'table' }, ...payload } });

  /** The row count each path answers for `who`. */
  const counts = async (who: string) => {
    const full = (await chartData(who, { queries: [{ columns: [], metrics: ['count'] }] })).json();
    const samples = (await chartData(who, { queries: [{}], result_type: 'samples' })).json();
    const drill = (await chartData(who, { queries: [{ columns: ['id', 'region', 'qty'], row_limit: 1000 }], result_type: 'drill_detail' })).json();
    const csv = (await chartData(who, { queries: [{ columns: ['id'], row_limit: 1000 }], result_format: 'csv' })).body;
    return {
      full: Number(full.result[0].data[0].count),
      samples: samples.result[0].rowcount as number,
      drill: drill.result[0].rowcount as number,
      csv: csv.trim().split('\r\n').length - 1,
    };
  };
  const same = (n: number) => ({ full: n, samples: n, drill: n, csv: n });

  it.each(CASES)('$name', async (testCase) => {
    const created: number[] = [];
    for (const [index, rule] of testCase.rules.entries()) {
      const roles = rule.filter_type === 'Regular' ? [roleIds.Gamma] : [roleIds.Admin];
      const res = await api.post('/api/v1/rowlevelsecurity/', {
        name: `${testCase.name} ${index}`,
        filter_type: rule.filter_type,
        tables: [salesId],
        roles,
        clause: rule.clause,
        ...(rule.group_key ? { group_key: rule.group_key } : {}),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      created.push(res.body.id);
    }
    // Interleaved: admin, gamma, alpha, admin again; each must get its own rows, never another's cached ones.
    expect(await counts('admin')).toEqual(same(SALES.length));
    expect(await counts('gamma')).toEqual(same(testCase.gamma));
    expect(await counts('alpha')).toEqual(same(testCase.alpha));
    expect(await counts('admin')).toEqual(same(SALES.length));
    expect((await api.del(`/api/v1/rowlevelsecurity/?${q(created)}`)).status).toBe(200);
    expect(await counts('gamma')).toEqual(same(SALES.length));
  });
});
