import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageLoader, usePageLoader, type PageLoader } from './page-loader';

function Host({ loader }: { loader: PageLoader<{ name: string }> }) {
  const state = usePageLoader(loader);
  if (state.status === 'ready') return <state.Page name="x" />;
  if (state.status === 'failed') return <button onClick={state.retry}>retry</button>;
  return <p>loading</p>;
}

describe('pageLoader', () => {
  it('loads once, renders directly when ready, and can retry a failed chunk', async () => {
    let calls = 0;
    let fail = true;
    const loader = pageLoader(async () => {
      calls++;
      if (fail) throw new Error('chunk failed');
      return ({ name }: { name: string }) => <h1>page {name}</h1>;
    });
    render(<Host loader={loader} />);
    expect(screen.getByText('loading')).toBeTruthy();
    const retry = await screen.findByText('retry');
    fail = false;
    await act(async () => retry.click());
    expect(await screen.findByText('page x')).toBeTruthy();
    expect(calls).toBe(2);
    await loader.preload();
    expect(calls).toBe(2);
  });
});
