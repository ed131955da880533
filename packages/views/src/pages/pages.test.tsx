import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotFoundPage } from './not-found-page';
import { PAGE_DESCRIPTIONS, type PageKey } from './page-descriptions';

afterEach(cleanup);

describe('PAGE_DESCRIPTIONS', () => {
  it('gives every main screen a title and a purpose', () => {
    for (const page of Object.keys(PAGE_DESCRIPTIONS) as PageKey[]) {
      expect(PAGE_DESCRIPTIONS[page].title.length).toBeGreaterThan(0);
      expect(PAGE_DESCRIPTIONS[page].purpose).toMatch(/\.$/);
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
