import { RlsList } from '@lumen-bi/views';
import { useListPage } from './use-list-page';

/** Settings → Row Level Security (/rowlevelsecurity/list/), in its own lazy chunk. */
export function RowLevelSecurityPage() {
  return <RlsList {...useListPage()} />;
}
