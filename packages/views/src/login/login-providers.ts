import { useEffect, useState } from 'react';

/** A sign-in method besides Lumen's own accounts, as GET /api/v1/security/providers/ lists it. */
export interface LoginProvider {
  provider: 'oidc' | 'ldap';
  label: string;
  /** OIDC: the link that starts the redirect to the provider; LDAP: where the form posts. */
  url: string;
}

/**
 * The server's configured providers; [] when it lists none or cannot say (the password form still works,
 * so a failure here must not block signing in).
 *
 * @example
 * const providers = await fetchLoginProviders('');
 */
export async function fetchLoginProviders(baseUrl = '', fetchImpl: typeof fetch = fetch): Promise<LoginProvider[]> {
  try {
    const response = await fetchImpl(`${baseUrl.replace(/\/+$/, '')}/api/v1/security/providers/`, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    if (!response.ok) return [];
    const body = (await response.json()) as { result?: unknown };
    return Array.isArray(body.result) ? body.result.filter(isProvider) : [];
  } catch {
    return [];
  }
}

const isProvider = (value: unknown): value is LoginProvider => {
  const p = value as LoginProvider;
  return Boolean(p) && (p.provider === 'oidc' || p.provider === 'ldap') && typeof p.label === 'string' && typeof p.url === 'string';
};

/** The providers, loaded once; null while loading. `given` (tests, a host that knows them) skips the request. */
export function useLoginProviders(given?: LoginProvider[]): LoginProvider[] | null {
  const [loaded, setLoaded] = useState<LoginProvider[] | null>(given ?? null);
  useEffect(() => {
    if (given) return;
    let live = true;
    void fetchLoginProviders().then((providers) => live && setLoaded(providers));
    return () => {
      live = false;
    };
  }, [given]);
  return given ?? loaded;
}
