import { describe, expect, it, vi } from 'vitest';
import { displayName } from './current-user';
import { fetchMe, MeRequestError } from './fetch-me';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('fetchMe', () => {
  it('returns the user from {result}', async () => {
    const fetchImpl = vi.fn(async () => json(200, { result: { id: 1, username: 'admin', first_name: '', last_name: '', email: '', is_active: true, roles: {} } }));
    const me = await fetchMe('http://lumen.test/', fetchImpl as unknown as typeof fetch);
    expect(me).toMatchObject({ status: 'authenticated', user: { username: 'admin' } });
    expect(fetchImpl).toHaveBeenCalledWith('http://lumen.test/api/v1/me/', expect.objectContaining({ credentials: 'same-origin' }));
  });

  it('treats 401 as anonymous', async () => {
    const me = await fetchMe('', (async () => json(401, { message: 'Not authorized' })) as unknown as typeof fetch);
    expect(me).toEqual({ status: 'anonymous' });
  });

  it('throws MeRequestError on other statuses and network failures', async () => {
    await expect(fetchMe('', (async () => json(500, {})) as unknown as typeof fetch)).rejects.toBeInstanceOf(MeRequestError);
    await expect(
      fetchMe('', (async () => {
        throw new TypeError('Failed to fetch');
      }) as unknown as typeof fetch),
    ).rejects.toThrow('The server could not be reached');
  });
});

describe('displayName', () => {
  it('prefers the full name and falls back to the username', () => {
    expect(displayName({ first_name: 'Ada', last_name: 'Lovelace', username: 'ada' })).toBe('Ada Lovelace');
    expect(displayName({ first_name: '', last_name: '', username: 'admin' })).toBe('admin');
  });
});
