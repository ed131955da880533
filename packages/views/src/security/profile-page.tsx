import { getClientErrorMessage, type ApiClient } from '@lumen-bi/core';
import { useEffect, useState } from 'react';
import { COMPONENTS_CSS } from '../components/components-styles';
import type { ToastStore } from '../components/toast-store';
import { Toasts } from '../components/toasts';
import { LISTS_CSS } from '../lists/lists-styles';
import { PasswordForm } from './password-form';
import { fetchProfile, type Profile } from './profile-data';
import { ProfileDetails } from './profile-details';
import { ProfileNameForm } from './profile-name-form';
import { SECURITY_CSS } from './security-styles';
import { LoadingLines } from '../components/skeleton';

export interface ProfilePageProps {
  client: ApiClient;
  toasts: ToastStore;
  /** Told the saved names and e-mail, so the host can update what it shows (the user menu's name). */
  onProfileChange?(profile: Profile): void;
}

/** The profile, loaded once; null until it arrives. */
function useProfile(client: ApiClient): { profile: Profile | null; error: string | null; setProfile(p: Profile): void } {
  const [profile, setProfile] = useState<Profile | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchProfile(client, controller.signal).then(setProfile, (failure: unknown) => !controller.signal.aborted && setError(getClientErrorMessage(failure)));
    return () => controller.abort();
  }, [client]);
  return { profile, error, setProfile };
}

/**
 * The signed-in user's own page (/user_info/, as the incumbent): username, roles, last login and login count;
 * their names and e-mail to edit; and, for accounts with a password here (not single sign-on), Change
 * password.
 */
export function ProfilePage({ client, toasts, onProfileChange }: ProfilePageProps) {
  const { profile, error, setProfile } = useProfile(client);
  const saved = (next: Profile) => {
    setProfile(next);
    onProfileChange?.(next);
    toasts.success('Profile saved');
  };

  return (
    <section className="bi-profile" aria-label="Profile">
      <style>{COMPONENTS_CSS + LISTS_CSS + SECURITY_CSS}</style>
      <h1>Profile</h1>
      {error && (
        <p className="bi-field-error" role="alert">
          {error}
        </p>
      )}
      {!profile && !error && <LoadingLines label="Loading profile" />}
      {profile && (
        <div className="bi-profile__sections">
          <section className="bi-profile__section" aria-labelledby="bi-profile-account">
            <h2 id="bi-profile-account">Account</h2>
            <ProfileDetails profile={profile} />
          </section>
          <section className="bi-profile__section" aria-labelledby="bi-profile-names">
            <h2 id="bi-profile-names">Name and e-mail</h2>
            <ProfileNameForm client={client} profile={profile} onSaved={saved} />
          </section>
          {profile.has_password && (
            <section className="bi-profile__section" aria-labelledby="bi-profile-password">
              <h2 id="bi-profile-password">Change password</h2>
              <PasswordForm client={client} onChanged={() => toasts.success('Password changed. Your other sessions were signed out.')} />
            </section>
          )}
        </div>
      )}
      <Toasts store={toasts} />
    </section>
  );
}
