import type { DashboardHandle } from '@lumen-bi/views';
import { FilterNameError } from '@lumen-bi/views';
import { describe, expect, it } from 'vitest';
import { DashboardController } from './dashboard-controller';

/** A handle whose dashboard has one filter, Country; its status is set by the test. */
function fakeHandle() {
  const listeners = new Set<(status: string) => void>();
  const set: unknown[] = [];
  const handle = {
    setFilter: (name: string, values: unknown) => {
      if (name !== 'Country') throw new FilterNameError('UNKNOWN_FILTER', `Unknown filter "${name}". Known filters: Country (country).`, [name], ['Country (country)']);
      set.push({ name, values });
      return 'NATIVE_FILTER-1';
    },
    store: {
      info: { value: { id: 1 } },
      status: {
        subscribe(fn: (value: string) => void) {
          listeners.add(fn);
          fn('loading');
          return () => listeners.delete(fn);
        },
      },
    },
  } as unknown as DashboardHandle;
  return { handle, set, ready: () => listeners.forEach((fn) => fn('ready')) };
}

describe('DashboardController.setFilter', () => {
  it('waits for the dashboard to load, then sets the filter; an unknown name rejects naming the known ones', async () => {
    const controller = new DashboardController({ onReady: () => undefined });
    const early = controller.setFilter('Country', ['France']);
    const fake = fakeHandle();
    controller.attach(fake.handle);
    expect(fake.set).toEqual([]);
    fake.ready();
    await expect(early).resolves.toBeUndefined();
    expect(fake.set).toEqual([{ name: 'Country', values: ['France'] }]);
    const refused = await controller.setFilter('Planet', ['Mars']).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(FilterNameError);
    expect(refused).toMatchObject({ code: 'UNKNOWN_FILTER', unknownFilters: ['Planet'], knownFilters: ['Country (country)'] });
    expect((refused as Error).message).toContain('Known filters: Country (country)');
  });
});
