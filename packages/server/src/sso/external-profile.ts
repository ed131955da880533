/** Who a provider says signed in, in the provider-neutral shape the account logic works on. */
export interface ExternalProfile {
  provider: 'oidc' | 'ldap';
  /** Stable id at the provider: the OIDC `sub`, or the directory's username (lower case). */
  subject: string;
  /** The Lumen username to use when the account is created or first linked. */
  username: string;
  firstName: string;
  lastName: string;
  email: string | null;
  /** Group (or role) names the provider reports, before mapping. */
  groups: string[];
}

/**
 * Why a successfully authenticated external user still may not sign in to Lumen. `account_exists`: a
 * Lumen account of that username exists that this identity may not take over (it has a password, or
 * belongs to the other provider) and the provider's `linkExistingUsers` is off.
 */
export type SignInRefusal = 'inactive' | 'unregistered' | 'conflict' | 'account_exists';
