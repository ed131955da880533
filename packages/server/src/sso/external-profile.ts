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

/** Why a successfully authenticated external user still may not sign in to Lumen. */
export type SignInRefusal = 'inactive' | 'unregistered' | 'conflict';
