import { UserList } from '@lumen-bi/views';
import { useListPage } from './use-list-page';

/** Settings → List Users (/users/list/), in its own lazy chunk. */
export function UsersPage() {
  return <UserList {...useListPage()} />;
}
