/** Test helper (not exported from the package): list fixtures over the shared fake server. */
export { createFakeServer, reply, type FakeCall } from '../testing/fake-server';

/** `_info` granting everything on a resource. */
export const ALL_PERMISSIONS = () => ({ permissions: ['can_read', 'can_write', 'can_export', 'can_tag'] });

/** n chart rows as GET /api/v1/chart/ answers them. */
export const chartRows = (n: number, offset = 0) =>
  Array.from({ length: n }, (_, i) => ({
    id: offset + i + 1,
    slice_name: `Chart ${offset + i + 1}`,
    viz_type: 'table',
    url: `/explore/?slice_id=${offset + i + 1}`,
    dashboards: [],
    owners: [],
    tags: [],
    changed_on_delta_humanized: 'a day ago',
  }));
