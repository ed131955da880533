import { ReportScheduleList } from '@lumen-bi/views';
import { useListPage } from './use-list-page';

/** The reports list (/report/list/), in its own lazy chunk. */
export function ReportsPage() {
  return <ReportScheduleList {...useListPage()} />;
}
