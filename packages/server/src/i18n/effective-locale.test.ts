import { describe, expect, it } from 'vitest';
import { effectiveLocale } from './effective-locale';

const none = { chosen: null, configured: null, acceptLanguage: undefined };

describe('effectiveLocale', () => {
  it('prefers the user’s choice, then the configured default, then Accept-Language, then English', () => {
    expect(effectiveLocale({ chosen: 'ja', configured: 'de', acceptLanguage: 'fr' })).toBe('ja');
    expect(effectiveLocale({ ...none, configured: 'de', acceptLanguage: 'fr' })).toBe('de');
    expect(effectiveLocale({ ...none, acceptLanguage: 'fr' })).toBe('fr');
    expect(effectiveLocale(none)).toBe('en');
  });

  it('matches Accept-Language among the 14 locales, by region or by language, in the spec’s spelling', () => {
    const negotiated = (acceptLanguage: string) => effectiveLocale({ ...none, acceptLanguage });
    expect(negotiated('pt-BR,pt;q=0.9,en;q=0.8')).toBe('pt_BR');
    expect(negotiated('pt-PT,pt;q=0.9')).toBe('pt');
    expect(negotiated('zh-CN,zh;q=0.9')).toBe('zh');
    expect(negotiated('sv-SE,sv;q=0.9,ko;q=0.4')).toBe('ko');
    expect(negotiated('en;q=0.5,ja')).toBe('ja');
    expect(negotiated('sv-SE,fi')).toBe('en');
  });
});
