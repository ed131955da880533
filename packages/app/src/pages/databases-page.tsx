import { DatabaseList } from '@lumen-bi/views';
import { useListPage } from './use-list-page';

/** The databases list (/databaseview/list/) with the connection modal, in its own lazy chunk. */
export function DatabasesPage() {
  return <DatabaseList {...useListPage()} />;
}
