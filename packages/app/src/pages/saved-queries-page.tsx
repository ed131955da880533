import { SavedQueryList } from '@lumen-bi/views';
import { useListPage } from './use-list-page';

/** The saved queries list (/savedqueryview/list/), in its own lazy chunk. */
export function SavedQueriesPage() {
  return <SavedQueryList {...useListPage()} />;
}
