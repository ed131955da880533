import { afterEach, describe, expect, it } from 'vitest';
import { embedDashboard } from './embed-dashboard';
import { EmbedError } from './embed-error';
import { fakeGuest, fakeToken } from './test-host';

const token = () => fakeToken({ iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 300 });

afterEach(() => document.body.replaceChildren());

function mount(options: Partial<Parameters<typeof embedDashboard>[0]> = {}) {
  const mountPoint = document.createElement('div');
  document.body.append(mountPoint);
  const pending = embedDashboard({ id: 'uuid-1', domain: 'https://bi.example.com', mountPoint, fetchGuestToken: async () => token(), ...options });
  return { mountPoint, pending };
}

describe('setFilter over the channel', () => {
  it('sends the name and values, resolves when the guest applied them, rejects with the guest refusal', async () => {
    const { mountPoint, pending } = mount();
    await Promise.resolve();
    const asked: unknown[] = [];
    const guest = fakeGuest(mountPoint.querySelector('iframe')!, (board) =>
      board.defineMethod('setFilter', ({ name, values }) => {
        asked.push({ name, values });
        return name === 'Country'
          ? { ok: true, filterId: 'NATIVE_FILTER-1' }
          : { ok: false, code: 'UNKNOWN_FILTER', message: `Unknown filter "${name}". Known filters: Country (country).`, unknownFilters: [name], knownFilters: ['Country (country)'] };
      }),
    );
    guest.load();
    const dashboard = await pending;
    await expect(dashboard.setFilter('Country', ['France'])).resolves.toBeUndefined();
    const refusal = await dashboard.setFilter('Planet', ['Mars']).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(EmbedError);
    expect(refusal).toMatchObject({ code: 'UNKNOWN_FILTER', message: 'Unknown filter "Planet". Known filters: Country (country).', unknownFilters: ['Planet'], knownFilters: ['Country (country)'] });
    expect(asked).toEqual([
      { name: 'Country', values: ['France'] },
      { name: 'Planet', values: ['Mars'] },
    ]);
    dashboard.unmount();
  });

  it('does not trust a malformed answer: it becomes a CHANNEL_ERROR', async () => {
    const { mountPoint, pending } = mount();
    await Promise.resolve();
    const guest = fakeGuest(mountPoint.querySelector('iframe')!, (board) => board.defineMethod('setFilter', () => ({ ok: false, code: '<script>', message: 'x' }) as never));
    guest.load();
    const dashboard = await pending;
    await expect(dashboard.setFilter('Country', ['France'])).rejects.toMatchObject({ code: 'CHANNEL_ERROR', unknownFilters: [], knownFilters: [] });
    dashboard.unmount();
  });
});

describe('Share in the iframe', () => {
  it('asks the page to hide Share unless the host resolves permalinks to its own URLs', async () => {
    const src = async (options: Partial<Parameters<typeof embedDashboard>[0]>) => {
      const { mountPoint, pending } = mount(options);
      pending.catch(() => undefined);
      await Promise.resolve();
      return new URL(mountPoint.querySelector('iframe')!.src).searchParams.get('show_share');
    };
    expect(await src({})).toBe('false');
    expect(await src({ resolvePermalinkUrl: ({ key }) => `https://host.example/?p=${key}` })).toBeNull();
    expect(await src({ resolvePermalinkUrl: () => null, dashboardUiConfig: { hideShare: true } })).toBe('false');
  });
});
