import type { Profile } from './profile-data';
import { formatLastLogin } from './user-list';

/** What the user may read but not change about their account: username, roles and sign-in history. */
export function ProfileDetails({ profile }: { profile: Profile }) {
  return (
    <dl className="bi-profile__details">
      <dt>Username</dt>
      <dd>{profile.username}</dd>
      <dt>Roles</dt>
      <dd>{profile.roles.join(', ') || '—'}</dd>
      <dt>Last login (UTC)</dt>
      <dd>{formatLastLogin(profile.last_login) || 'Never'}</dd>
      <dt>Login count</dt>
      <dd>{profile.login_count}</dd>
    </dl>
  );
}
