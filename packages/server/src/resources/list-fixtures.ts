import type { TestApp } from '../testing/harness';
import { client, seedDataset } from './test-support';

/**
 * `rows` objects of every listed resource, each with the relations a list item embeds (owners, tags, the
 * dashboards a chart is on, report recipients), for the list tests. Test support, not runtime code.
 */
export async function seedListFixtures(t: TestApp, rows: number): Promise<void> {
  const api = client(t);
  const owners = [t.users.admin.id, t.users.alpha.id];
  const tags: number[] = [];
  for (let i = 0; i < rows; i++) tags.push((await api.post('/api/v1/tag/', { name: `tag-${i}`, description: `Tag ${i}` })).body.id);
  const dashboards: number[] = [];
  for (let i = 0; i < rows; i++) {
    const dashboard = await api.post('/api/v1/dashboard/', { dashboard_title: `Dashboard ${i}`, owners, published: true });
    await api.put(`/api/v1/dashboard/${dashboard.body.id}`, { tags: [tags[i]] });
    dashboards.push(dashboard.body.id);
  }
  for (let i = 0; i < rows; i++) {
    const { databaseId, datasetId } = await seedDataset(t);
    await api.put(`/api/v1/dataset/${datasetId}`, { owners });
    const chart = await api.post('/api/v1/chart/', {
      slice_name: `Chart ${i}`, viz_type: 'table', datasource_id: datasetId, datasource_type: 'table', owners, dashboards: [dashboards[i], dashboards[(i + 1) % rows]],
    });
    await api.put(`/api/v1/chart/${chart.body.id}`, { tags: [tags[i]] });
    await api.post(`/api/v1/chart/${chart.body.id}/favorites/`, {});
    const saved = await api.post('/api/v1/saved_query/', { db_id: databaseId, label: `Query ${i}`, sql: 'SELECT 1', schema: 'main' });
    await api.put(`/api/v1/saved_query/${saved.body.id}`, { tags: [tags[i]] });
    await api.post('/api/v1/report/', {
      type: 'Report', name: `Report ${i}`, crontab: '0 9 * * 1', creation_method: 'charts', chart: chart.body.id, report_format: 'PNG', owners,
      recipients: [{ type: 'Email', recipient_config_json: { target: `r${i}@example.org` } }],
    });
  }
}

/** Report settings that keep the scheduler from querying in the background of a test. */
export const QUIET_REPORTS = { schedulerEnabled: false, tickSeconds: 30, renderUrl: null, publicUrl: null, chromiumPath: '/usr/bin/chromium', webhookTimeoutSeconds: 5 };
