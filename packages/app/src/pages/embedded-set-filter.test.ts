import { FilterNameError, type DashboardHandle } from '@lumen-bi/views';
import { describe, expect, it, vi } from 'vitest';
import { createHandleWaiter, setFilterByName } from './embedded-set-filter';

const handle = (setFilter: DashboardHandle['setFilter']) => ({ setFilter }) as unknown as DashboardHandle;

describe('setFilterByName (the guest page answering setFilter)', () => {
  it('answers the filter id, or the refusal with its code, message and the known filters', () => {
    const ok = handle(() => 'NATIVE_FILTER-1');
    expect(setFilterByName(ok, { name: 'Country', values: ['France'] })).toEqual({ ok: true, filterId: 'NATIVE_FILTER-1' });
    const refusing = handle(() => {
      throw new FilterNameError('UNKNOWN_FILTER', 'Unknown filter "Planet". Known filters: Country (country).', ['Planet'], ['Country (country)']);
    });
    expect(setFilterByName(refusing, { name: 'Planet', values: [] })).toEqual({
      ok: false,
      code: 'UNKNOWN_FILTER',
      message: 'Unknown filter "Planet". Known filters: Country (country).',
      unknownFilters: ['Planet'],
      knownFilters: ['Country (country)'],
    });
    expect(setFilterByName(null, { name: 'Country', values: [] })).toMatchObject({ ok: false, code: 'NOT_READY' });
  });

  it('waits for the dashboard to load, or gives up after the timeout', async () => {
    vi.useFakeTimers();
    try {
      const waiter = createHandleWaiter(1_000);
      const early = waiter.wait();
      const loaded = handle(() => 'x');
      waiter.resolve(loaded);
      await expect(early).resolves.toBe(loaded);
      await expect(waiter.wait()).resolves.toBe(loaded);
      const never = createHandleWaiter(1_000).wait();
      await vi.advanceTimersByTimeAsync(1_000);
      await expect(never).resolves.toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
