/**
 * Where Lumen is and what to show. A real host hard-codes these or reads its own config; this example takes
 * them from the page's query string (`?lumen=https://bi.example.com&dashboard=<uuid>&chart=<id>`), so the
 * e2e test can point the same build at a test server.
 */
const params = new URLSearchParams(location.search);

export const LUMEN_URL = params.get('lumen') ?? 'http://localhost:8088';
export const DASHBOARD_ID = params.get('dashboard') ?? '';
export const CHART_ID = params.get('chart') ?? '';

/** The host's backend mints guest tokens (POST /api/v1/security/guest_token/ with its own credentials). */
export async function fetchGuestToken(): Promise<string> {
  const response = await fetch('/guest-token', { method: 'POST' });
  if (!response.ok) throw new Error(`guest token: HTTP ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}
