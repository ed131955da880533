import type { ApiClient } from '@lumen-bi/core';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PREFERENCES_PATH, useServerThemeMode } from './server-theme-mode';
import { chooseThemeMode, readThemeMode, THEME_MODE_STORAGE_KEY } from './theme-preference';
import type { ThemeMode } from './theme-tokens';

/** A client whose GET of the preferences answers `stored` (or fails), recording PUTs. */
function fakeClient(stored: Promise<unknown>) {
  const put = vi.fn(async () => ({ status: 200, statusText: 'OK', json: {} }));
  const get = vi.fn(async () => ({ status: 200, statusText: 'OK', json: await stored }));
  return { client: { get, put } as unknown as ApiClient, get, put };
}

let save: (mode: ThemeMode) => void = () => undefined;
function Probe({ client }: { client: ApiClient }) {
  save = useServerThemeMode(client);
  return null;
}

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener: () => undefined, removeEventListener: () => undefined }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useServerThemeMode', () => {
  it("applies the user's server-side choice over this browser's and remembers it here", async () => {
    chooseThemeMode('default');
    const { client, get } = fakeClient(Promise.resolve({ result: { theme_mode: 'dark' } }));
    render(<Probe client={client} />);
    await act(async () => undefined);
    expect(get).toHaveBeenCalledWith(PREFERENCES_PATH);
    expect(document.documentElement.dataset.biTheme).toBe('dark');
    expect(localStorage.getItem(THEME_MODE_STORAGE_KEY)).toBe('dark');
  });

  it("keeps this browser's choice when the server has none or cannot be reached", async () => {
    chooseThemeMode('dark');
    render(<Probe client={fakeClient(Promise.resolve({ result: { theme_mode: null } })).client} />);
    await act(async () => undefined);
    expect(readThemeMode()).toBe('dark');
    cleanup();
    render(<Probe client={fakeClient(Promise.reject(new Error('offline'))).client} />);
    await act(async () => undefined);
    expect(readThemeMode()).toBe('dark');
  });

  it('saves a new choice on the server, and a choice made before the answer arrives wins over it', async () => {
    let answer: (body: unknown) => void = () => undefined;
    const { client, put } = fakeClient(new Promise((resolve) => (answer = resolve)));
    render(<Probe client={client} />);
    chooseThemeMode('system');
    save('system');
    expect(put).toHaveBeenCalledWith(PREFERENCES_PATH, { theme_mode: 'system' });
    await act(async () => answer({ result: { theme_mode: 'dark' } }));
    expect(readThemeMode()).toBe('system');
  });
});
