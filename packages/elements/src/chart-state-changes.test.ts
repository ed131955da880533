import { describe, expect, it } from 'vitest';
import { createChartStateChanges } from './chart-state-changes';

describe('createChartStateChanges', () => {
  it('announces a chart only when its own state changed', () => {
    const isNews = createChartStateChanges();
    const failure = new Error('boom');
    // The dashboard reports all charts on each change: the unchanged ones are not news.
    expect([isNews(1, { status: 'loading' }), isNews(2, { status: 'loading' })]).toEqual([true, true]);
    expect([isNews(1, { status: 'rendered', rowCount: 3 }), isNews(2, { status: 'loading' })]).toEqual([true, false]);
    expect([isNews(1, { status: 'rendered', rowCount: 3 }), isNews(2, { status: 'failed', error: failure })]).toEqual([false, true]);
    expect(isNews(2, { status: 'failed', error: failure })).toBe(false);
    expect(isNews(2, { status: 'failed', error: new Error('boom') })).toBe(true);
    expect(isNews(1, { status: 'rendered', rowCount: 4 })).toBe(true);
    expect(isNews(1, { status: 'rendered', rowCount: 4, updatedAt: 5 })).toBe(true);
  });

  it('keeps each element apart and copies the state it saw (a mutated object is still news)', () => {
    const a = createChartStateChanges();
    const b = createChartStateChanges();
    const state: { status: string; rowCount?: number } = { status: 'loading' };
    expect(a(null, state)).toBe(true);
    expect(b(null, state)).toBe(true);
    state.status = 'rendered';
    expect(a(null, state)).toBe(true);
  });
});
