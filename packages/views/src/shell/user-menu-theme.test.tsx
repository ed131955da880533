import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyThemeMode, THEME_MODE_STORAGE_KEY } from '../theme/theme-preference';
import { UserMenu } from './user-menu';

const user = { username: 'ada', first_name: 'Ada', last_name: 'Admin', email: 'ada@example.com' };

/** A controllable prefers-color-scheme: dark media query. */
function fakeSystemPreference(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return dark;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', vi.fn(() => query));
  return {
    set(next: boolean) {
      dark = next;
      for (const listener of listeners) listener();
    },
  };
}

const openMenu = () => fireEvent.click(screen.getByRole('button', { name: 'Ada Admin' }));
const choice = (name: string) => screen.getByRole('menuitemradio', { name });

beforeEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.biTheme;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('UserMenu theme choice', () => {
  it('offers Light, Dark and System, with Light chosen until the user picks another', () => {
    fakeSystemPreference(false);
    render(<UserMenu user={user} />);
    openMenu();
    expect(screen.getByRole('group', { name: 'Theme' })).toBeTruthy();
    expect(['Light', 'Dark', 'System'].map((name) => choice(name).getAttribute('aria-checked'))).toEqual(['true', 'false', 'false']);
  });

  it('applies Dark at once and remembers it for the next visit', () => {
    fakeSystemPreference(false);
    render(<UserMenu user={user} />);
    openMenu();
    fireEvent.click(choice('Dark'));
    expect(document.documentElement.dataset.biTheme).toBe('dark');
    expect(localStorage.getItem(THEME_MODE_STORAGE_KEY)).toBe('dark');
    expect(choice('Dark').getAttribute('aria-checked')).toBe('true');

    // A new page load reads the remembered choice.
    delete document.documentElement.dataset.biTheme;
    applyThemeMode();
    expect(document.documentElement.dataset.biTheme).toBe('dark');
  });

  it('follows the operating system live in System mode, and stops following it on Light', () => {
    const system = fakeSystemPreference(true);
    render(<UserMenu user={user} />);
    openMenu();
    fireEvent.click(choice('System'));
    expect(document.documentElement.dataset.biTheme).toBe('dark');
    act(() => system.set(false));
    expect(document.documentElement.dataset.biTheme).toBe('default');
    act(() => system.set(true));
    expect(document.documentElement.dataset.biTheme).toBe('dark');

    fireEvent.click(choice('Light'));
    act(() => system.set(true));
    expect(document.documentElement.dataset.biTheme).toBe('default');
  });
});
