/** Test helper (not exported): the Sales Dashboard example served by a fake fetch. */
import type { NativeFilterConfig } from '@lumen-bi/core';
import { createFakeServer, type FakeCall } from '../explore/test-support';
import type { CurrentUser } from '../session/current-user';
import { SALES_DASHBOARD as fixture } from './fixtures/sales-dashboard';

export const ADMIN_USER: CurrentUser = { id: 1, username: 'admin', first_name: 'A', last_name: 'D', email: '', is_active: true, roles: { Admin: [] } };

export function chartIdsOfFixture(): number[] {
  const ids = new Set<number>();
  for (const c of Object.values(fixture.position as Record<string, { meta?: { chartId?: number } }>)) if (c?.meta?.chartId) ids.add(c.meta.chartId);
  return [...ids];
}

/** A fake server for dashboard 4 (Sales Dashboard), with overridable native filters and extra routes. */
export function salesServer(options: { filters?: NativeFilterConfig[]; user?: CurrentUser | null; routes?: Record<string, (call: FakeCall) => unknown> } = {}) {
  const metadata = { ...fixture.metadata, native_filter_configuration: options.filters ?? [] };
  const charts = chartIdsOfFixture().map((id) => ({ id, slice_name: `Chart ${id}`, form_data: { datasource: '7__table', viz_type: 'big_number_total', metric: 'count' } }));
  return createFakeServer({
    'GET /api/v1/dashboard/4': () => ({
      result: { id: 4, dashboard_title: fixture.dashboard_title, slug: null, position_json: JSON.stringify(fixture.position), json_metadata: JSON.stringify(metadata), css: '', owners: [{ id: 1 }], published: true },
    }),
    'GET /api/v1/dashboard/4/charts': () => ({ result: charts }),
    'GET /api/v1/me/': () => (options.user === null ? { __reply: true, status: 401, body: {} } : { result: options.user ?? ADMIN_USER }),
    'GET /api/v1/dashboard/favorite_status/': () => ({ result: [{ id: 4, value: false }] }),
    'POST /api/v1/chart/data': () => ({ result: [{ data: [{ count: 42 }], colnames: ['count'], coltypes: [0], rowcount: 1 }] }),
    ...(options.routes ?? {}),
  });
}

export { fixture };
