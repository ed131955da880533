import { describe, expect, it } from 'vitest';
import type { LumenConfig } from '../config';
import { issueToken } from './access-tokens';
import { VerifiedTokenCache } from './verified-tokens';

const configWith = (secretKey: string) => ({ secretKey }) as LumenConfig;

describe('VerifiedTokenCache', () => {
  it('answers the claims of a valid access token and remembers them', async () => {
    const config = configWith('first-secret-key-of-thirty-two-chars!');
    const cache = new VerifiedTokenCache(config);
    const token = await issueToken(config, 7, 'access', 'stamp');
    expect(await cache.verify(token)).toMatchObject({ userId: 7, cred: 'stamp' });
    // A remembered token is not checked again: it still passes once the key no longer signs it.
    config.secretKey = 'second-secret-key-of-thirty-two-chars';
    expect(await cache.verify(token)).toMatchObject({ userId: 7, cred: 'stamp' });
    expect(await cache.verify(await issueToken(configWith('first-secret-key-of-thirty-two-chars!'), 8, 'access'))).toBeNull();
  });

  it('refuses a remembered token once it has expired', async () => {
    const config = configWith('a-secret-key-of-at-least-thirty-two-chars');
    const cache = new VerifiedTokenCache(config);
    const token = await issueToken(config, 7, 'access');
    const claims = await cache.verify(token);
    expect(claims?.exp).toBeTypeOf('number');
    expect(await cache.verify(token, (claims!.exp! + 1) * 1000)).toBeNull();
  });

  it('refuses refresh tokens and forged tokens, every time', async () => {
    const config = configWith('a-secret-key-of-at-least-thirty-two-chars');
    const cache = new VerifiedTokenCache(config);
    const refresh = await issueToken(config, 7, 'refresh');
    expect(await cache.verify(refresh)).toBeNull();
    const access = await issueToken(config, 7, 'access');
    const forged = `${access.slice(0, -4)}AAAA`;
    expect(await cache.verify(forged)).toBeNull();
    expect(await cache.verify(forged)).toBeNull();
  });

  it('forgets the oldest token past its size', async () => {
    const config = configWith('a-secret-key-of-at-least-thirty-two-chars');
    const cache = new VerifiedTokenCache(config, 1);
    const first = await issueToken(config, 1, 'access');
    const second = await issueToken(config, 2, 'access');
    await cache.verify(first);
    await cache.verify(second);
    config.secretKey = 'another-secret-key-of-thirty-two-chars';
    expect(await cache.verify(second)).toMatchObject({ userId: 2 });
    expect(await cache.verify(first)).toBeNull();
  });
});
