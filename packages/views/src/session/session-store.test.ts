import { describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from './current-user';
import { MeRequestError } from './fetch-me';
import { createSessionStore } from './session-store';

const ada: CurrentUser = { id: 1, username: 'ada', first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', is_active: true, roles: { Admin: [] } };

describe('createSessionStore', () => {
  it('records an authenticated user', async () => {
    const session = createSessionStore();
    expect(session.status.value).toBe('unknown');
    await session.load(async () => ({ status: 'authenticated', user: ada }));
    expect(session.status.value).toBe('authenticated');
    expect(session.isAuthenticated.value).toBe(true);
    expect(session.user.value?.username).toBe('ada');
  });

  it('records an anonymous visitor and failures separately', async () => {
    const session = createSessionStore();
    await session.load(async () => ({ status: 'anonymous' }));
    expect(session.status.value).toBe('anonymous');
    await session.load(async () => {
      throw new MeRequestError(500, 'The server answered 500');
    });
    expect(session.status.value).toBe('error');
    expect(session.error.value).toBe('The server answered 500');
    expect(session.user.value).toBeNull();
  });

  it('shares one request between concurrent loads', async () => {
    const session = createSessionStore();
    const loadMe = vi.fn(async () => ({ status: 'authenticated' as const, user: ada }));
    await Promise.all([session.load(loadMe), session.load(loadMe)]);
    expect(loadMe).toHaveBeenCalledTimes(1);
  });

  it('clear forgets the user', async () => {
    const session = createSessionStore();
    await session.load(async () => ({ status: 'authenticated', user: ada }));
    session.clear();
    expect(session.user.value).toBeNull();
    expect(session.status.value).toBe('anonymous');
  });

  it('updateUser applies the user’s own profile edits, and does nothing when nobody is signed in', async () => {
    const session = createSessionStore();
    session.updateUser({ first_name: 'Nobody' });
    expect(session.user.value).toBeNull();
    await session.load(async () => ({ status: 'authenticated', user: ada }));
    session.updateUser({ first_name: 'Augusta', email: 'augusta@example.com' });
    expect(session.user.value).toMatchObject({ username: 'ada', first_name: 'Augusta', last_name: 'Lovelace', email: 'augusta@example.com' });
  });
});
