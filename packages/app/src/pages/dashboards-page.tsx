import { DashboardList } from '@lumen-bi/views';
import { useListPage } from './use-list-page';

/** The dashboards list (/dashboard/list/), in its own lazy chunk. */
export function DashboardsPage() {
  return <DashboardList {...useListPage()} />;
}
