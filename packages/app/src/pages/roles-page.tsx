import { RoleList } from '@lumen-bi/views';
import { useListPage } from './use-list-page';

/** Settings → List Roles (/roles/list/), in its own lazy chunk. */
export function RolesPage() {
  return <RoleList {...useListPage()} />;
}
