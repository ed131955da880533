import { computed, signal, type ReadonlySignal } from '@preact/signals-react';
import type { CurrentUser } from './current-user';
import type { MeResult } from './fetch-me';

export type SessionStatus = 'unknown' | 'loading' | 'authenticated' | 'anonymous' | 'error';

/** Session state as signals; created by the host (app, element) and passed down, never a module singleton. */
export interface SessionStore {
  readonly status: ReadonlySignal<SessionStatus>;
  readonly user: ReadonlySignal<CurrentUser | null>;
  /** Message of the last failed load, for an error panel. */
  readonly error: ReadonlySignal<string | null>;
  readonly isAuthenticated: ReadonlySignal<boolean>;
  /** Runs `loadMe` and records the outcome; concurrent calls share one request. */
  load(loadMe: () => Promise<MeResult>): Promise<SessionStatus>;
  /** Forgets the user locally (the server session is ended by /logout/). */
  clear(): void;
  /**
   * Applies the user's own profile edits and language choice, so the shell shows the new name or language
   * without reloading /api/v1/me/.
   */
  updateUser(patch: Partial<Pick<CurrentUser, 'first_name' | 'last_name' | 'email' | 'locale'>>): void;
}

/**
 * Creates a session store.
 *
 * @example
 * const session = createSessionStore();
 * await session.load(() => fetchMe(''));
 * session.user.value?.username;
 */
export function createSessionStore(): SessionStore {
  const status = signal<SessionStatus>('unknown');
  const user = signal<CurrentUser | null>(null);
  const error = signal<string | null>(null);
  let pending: Promise<SessionStatus> | null = null;

  async function run(loadMe: () => Promise<MeResult>): Promise<SessionStatus> {
    status.value = 'loading';
    try {
      const result = await loadMe();
      user.value = result.status === 'authenticated' ? result.user : null;
      error.value = null;
      status.value = result.status;
    } catch (failure) {
      user.value = null;
      error.value = (failure as Error).message;
      status.value = 'error';
    }
    return status.value;
  }

  return {
    status,
    user,
    error,
    isAuthenticated: computed(() => status.value === 'authenticated'),
    load(loadMe) {
      pending ??= run(loadMe).finally(() => {
        pending = null;
      });
      return pending;
    },
    updateUser(patch) {
      if (user.value) user.value = { ...user.value, ...patch };
    },
    clear() {
      user.value = null;
      error.value = null;
      status.value = 'anonymous';
    },
  };
}
