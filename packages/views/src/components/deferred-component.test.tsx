import { createHttpError } from '@lumen-bi/core';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { deferredComponent } from './deferred-component';
import { ErrorMessageText } from './lazy-error-panel';

afterEach(cleanup);

const Fallback = ({ text }: { text: string }) => <p>waiting: {text}</p>;

describe('deferredComponent (lazy + Suspense without Suspense)', () => {
  it('shows the fallback with the same props until the code arrives, then the loaded component', async () => {
    let arrive!: (component: (props: { text: string }) => ReactElement) => void;
    const Deferred = deferredComponent<{ text: string }>(() => new Promise((resolve) => (arrive = resolve)), Fallback);
    render(<Deferred text="a" />);
    expect(screen.getByText('waiting: a')).toBeTruthy();
    arrive(({ text }) => <p>loaded: {text}</p>);
    expect(await screen.findByText('loaded: a')).toBeTruthy();
    // Later instances render it at once.
    render(<Deferred text="b" />);
    expect(screen.getByText('loaded: b')).toBeTruthy();
  });

  it('keeps the fallback when the download fails', async () => {
    let fail!: (error: Error) => void;
    const Deferred = deferredComponent<{ text: string }>(() => new Promise((_resolve, reject) => (fail = reject)), Fallback);
    render(<Deferred text="c" />);
    fail(new Error('chunk gone'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.getByText('waiting: c')).toBeTruthy();
  });
});

describe('ErrorMessageText (the error panel while it loads)', () => {
  it("shows the error's own message at once, then the catalogue's wording", async () => {
    const error = createHttpError(403, 'FORBIDDEN', { message: 'no grant on table x', errors: [{ error_type: 'TABLE_SECURITY_ACCESS_ERROR', level: 'error', message: 'no grant on table x' }] });
    render(<ErrorMessageText error={error} />);
    expect(screen.getByRole('alert').textContent).toBe('no grant on table x');
    expect(await screen.findByText('You do not have access to this table.')).toBeTruthy();
  });
});
