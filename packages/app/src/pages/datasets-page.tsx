import { DatasetList } from '@lumen-bi/views';
import { useListPage } from './use-list-page';

/** The datasets list (/tablemodelview/list/) with the dataset editor, in its own lazy chunk. */
export function DatasetsPage() {
  return <DatasetList {...useListPage()} />;
}
