import type { CurrentUser } from './current-user';

/** What `fetchMe` learnt: a user, or that nobody is signed in (401). Other failures throw. */
export type MeResult = { status: 'authenticated'; user: CurrentUser } | { status: 'anonymous' };

/** A non-401 failure of `/api/v1/me/`, kept distinct so the app can show "server unavailable" honestly. */
export class MeRequestError extends Error {
  override name = 'MeRequestError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Asks the server who is signed in. Lives in views (not core) only until core's API client exists; it
 * takes the base URL and a fetch function so it never reaches for globals beyond the default `fetch`.
 *
 * @example
 * const me = await fetchMe('');            // same origin
 * if (me.status === 'anonymous') goToLogin();
 */
export async function fetchMe(baseUrl: string, fetchImpl: typeof fetch = fetch): Promise<MeResult> {
  const url = `${baseUrl.replace(/\/+$/, '')}/api/v1/me/`;
  let response: Response;
  try {
    response = await fetchImpl(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  } catch (error) {
    throw new MeRequestError(0, `The server could not be reached (${(error as Error).message}).`);
  }
  if (response.status === 401) return { status: 'anonymous' };
  if (!response.ok) throw new MeRequestError(response.status, `The server answered ${response.status} for ${url}.`);
  const body = (await response.json()) as { result?: CurrentUser };
  if (!body || typeof body.result !== 'object' || body.result === null || typeof body.result.username !== 'string') {
    throw new MeRequestError(response.status, `The server's answer for ${url} has no user in it.`);
  }
  return { status: 'authenticated', user: body.result };
}
