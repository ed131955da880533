import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotFoundPage } from './not-found-page';
import { NOT_BUILT_NOTICE, PAGE_DESCRIPTIONS, type PageKey } from './page-descriptions';
import { PlaceholderPage } from './placeholder-page';

afterEach(cleanup);

describe('PlaceholderPage', () => {
  it('says plainly what the screen is for and that it is not built, with no controls', () => {
    const { container } = render(<PlaceholderPage page="charts" />);
    expect(screen.getByRole('heading', { name: 'Charts' })).toBeTruthy();
    expect(container.textContent).toContain('Charts: browse, filter and manage saved charts.');
    expect(container.textContent).toContain('This screen is not built yet.');
    expect(container.querySelectorAll('button, input, select, a').length).toBe(0);
  });

  it('has a description for every main screen', () => {
    for (const page of Object.keys(PAGE_DESCRIPTIONS) as PageKey[]) {
      const { container } = render(<PlaceholderPage page={page} />);
      expect(container.textContent).toContain(NOT_BUILT_NOTICE);
      cleanup();
    }
  });
});

describe('NotFoundPage', () => {
  it('names the missing path and links home', () => {
    const onNavigate = vi.fn();
    render(<NotFoundPage pathname="/nope/" onNavigate={onNavigate} />);
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('/nope/')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Go to Home' }), { button: 0 });
    expect(onNavigate).toHaveBeenCalledWith('/superset/welcome/');
  });
});
