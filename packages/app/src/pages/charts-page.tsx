import { ChartList } from '@lumen-bi/views';
import { useListPage } from './use-list-page';

/** The charts list (/chart/list/), in its own lazy chunk. */
export function ChartsPage() {
  return <ChartList {...useListPage()} />;
}
