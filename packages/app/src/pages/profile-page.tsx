import { ProfilePage as Profile } from '@lumen-bi/views';
import { useSession } from '../session-context';
import { useListPage } from './use-list-page';

/** The signed-in user's profile (/user_info/); saved names show in the user menu at once. */
export function ProfilePage() {
  const { client, toasts } = useListPage();
  const session = useSession();
  return <Profile client={client} toasts={toasts} onProfileChange={({ first_name, last_name, email }) => session?.updateUser({ first_name, last_name, email })} />;
}
