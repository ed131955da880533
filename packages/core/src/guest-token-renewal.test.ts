import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGuestTokenRenewal } from './guest-token-renewal';

afterEach(() => vi.useRealTimers());

describe('createGuestTokenRenewal', () => {
  it('answers at once with a token that replaced the refused one meanwhile, without asking for another', async () => {
    const requestToken = vi.fn();
    const renewal = createGuestTokenRenewal({ current: () => 'new', requestToken, waitMs: 1000 });
    await expect(renewal.renew('old')).resolves.toBe('new');
    expect(requestToken).not.toHaveBeenCalled();
  });

  it('asks for a token and settles every waiting request with the one that arrives', async () => {
    let current = 'old';
    const requestToken = vi.fn();
    const renewal = createGuestTokenRenewal({ current: () => current, requestToken, waitMs: 1000 });
    const waiting = [renewal.renew('old'), renewal.renew('old')];
    expect(requestToken).toHaveBeenCalledTimes(2);
    current = 'fresh';
    renewal.arrived('fresh');
    await expect(Promise.all(waiting)).resolves.toEqual(['fresh', 'fresh']);
  });

  it('lets the refusal stand when fetching failed or nothing came within waitMs', async () => {
    vi.useFakeTimers();
    const renewal = createGuestTokenRenewal({ current: () => 'old', waitMs: 20_000 });
    const failed = renewal.renew('old');
    renewal.arrived(null);
    await expect(failed).resolves.toBeNull();

    const justInTime = renewal.renew('old');
    await vi.advanceTimersByTimeAsync(19_999);
    renewal.arrived('next');
    await expect(justInTime).resolves.toBe('next');

    const silent = renewal.renew('old');
    await vi.advanceTimersByTimeAsync(20_000);
    await expect(silent).resolves.toBeNull();
    renewal.arrived('after');
    await expect(silent).resolves.toBeNull();
  });
});
