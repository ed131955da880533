import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LocaleProvider, useTranslation } from './locale-provider';

afterEach(cleanup);

function Status({ testId }: { testId: string }) {
  const { t, locale } = useTranslation();
  return (
    <p data-testid={testId} lang={locale}>
      {t('Loading…')}
    </p>
  );
}

describe('LocaleProvider', () => {
  it('renders English outside any provider and for an English subtree', () => {
    render(
      <>
        <Status testId="bare" />
        <LocaleProvider locale="en">
          <Status testId="english" />
        </LocaleProvider>
      </>,
    );
    expect(screen.getByTestId('bare').textContent).toBe('Loading…');
    expect(screen.getByTestId('english').textContent).toBe('Loading…');
  });

  it('gives two subtrees on one page their own locales', async () => {
    render(
      <>
        <LocaleProvider locale="fr">
          <Status testId="french" />
        </LocaleProvider>
        <LocaleProvider locale="ja">
          <Status testId="japanese" />
        </LocaleProvider>
      </>,
    );
    expect(await screen.findByText('Chargement…')).toBeTruthy();
    expect(await screen.findByText('読み込み中…')).toBeTruthy();
    expect(screen.getByTestId('french').getAttribute('lang')).toBe('fr');
  });

  it('switches a subtree at runtime, keeping the previous locale until the new catalogue arrives', async () => {
    const { rerender } = render(
      <LocaleProvider locale="it">
        <Status testId="status" />
      </LocaleProvider>,
    );
    expect(await screen.findByText('Caricamento…')).toBeTruthy();
    rerender(
      <LocaleProvider locale="nl">
        <Status testId="status" />
      </LocaleProvider>,
    );
    // Never an English frame between the two.
    expect(screen.getByTestId('status').textContent).toBe('Caricamento…');
    expect(await screen.findByText('Laden…')).toBeTruthy();
    rerender(
      <LocaleProvider locale="it">
        <Status testId="status" />
      </LocaleProvider>,
    );
    // A locale already loaded comes back on the next effect, without a download.
    expect(await screen.findByText('Caricamento…')).toBeTruthy();
  });
});
