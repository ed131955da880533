import { describe, expect, it } from 'vitest';
import { checkAllowedOrigin, MAX_ALLOWED_DOMAINS, parseAllowedOriginsText } from './allowed-origins';

describe('checkAllowedOrigin', () => {
  it('answers the canonical origin', () => {
    expect(checkAllowedOrigin(' https://App.example.com:443/ ')).toEqual({ ok: true, origin: 'https://app.example.com' });
    expect(checkAllowedOrigin('http://localhost:3000')).toEqual({ ok: true, origin: 'http://localhost:3000' });
  });

  it('names the entry it refuses and why', () => {
    expect(checkAllowedOrigin('app.example.com')).toEqual({ ok: false, message: 'app.example.com is not an origin (expected scheme://host[:port])' });
    expect(checkAllowedOrigin('ftp://files.example.com')).toEqual({ ok: false, message: 'ftp://files.example.com must use http or https' });
    expect(checkAllowedOrigin('https://*.example.com')).toEqual({ ok: false, message: 'wildcards are not allowed (https://*.example.com); list each origin' });
    expect(checkAllowedOrigin('https://u:p@example.com')).toEqual({ ok: false, message: 'https://u:p@example.com must not contain credentials' });
    expect(checkAllowedOrigin('https://example.com/app')).toEqual({ ok: false, message: 'https://example.com/app must be an origin without a path, query or fragment' });
    expect(checkAllowedOrigin('https://example.com?x=1')).toMatchObject({ ok: false });
    expect(checkAllowedOrigin('')).toEqual({ ok: false, message: 'each origin must be a non-empty string' });
    expect(checkAllowedOrigin(42)).toMatchObject({ ok: false });
  });
});

describe('parseAllowedOriginsText', () => {
  it('reads origins separated by commas, spaces or line breaks, canonical and without duplicates', () => {
    expect(parseAllowedOriginsText('https://a.example.com,http://localhost:3000\n\n https://A.example.com/ ,')).toEqual({ ok: true, origins: ['https://a.example.com', 'http://localhost:3000'] });
    expect(parseAllowedOriginsText('  \n ')).toEqual({ ok: true, origins: [] });
  });

  it('stops at the first bad entry, naming it', () => {
    expect(parseAllowedOriginsText('https://a.example.com\nb.example.com\nc')).toEqual({ ok: false, message: 'b.example.com is not an origin (expected scheme://host[:port])' });
    const many = Array.from({ length: MAX_ALLOWED_DOMAINS + 1 }, (_, i) => `https://h${i}.example.com`).join('\n');
    expect(parseAllowedOriginsText(many)).toEqual({ ok: false, message: `At most ${MAX_ALLOWED_DOMAINS} origins may be listed (${MAX_ALLOWED_DOMAINS + 1} given)` });
  });
});
