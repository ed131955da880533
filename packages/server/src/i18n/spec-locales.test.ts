import { describe, expect, it } from 'vitest';
import { isSpecLocale, SPEC_LOCALES, specSpelling } from './spec-locales';

describe('spec 1 §9 locales on the server', () => {
  it('are the 14 of the spec, in its order and spelling', () => {
    expect(SPEC_LOCALES).toEqual(['en', 'fr', 'es', 'it', 'zh', 'ja', 'de', 'pt', 'pt_BR', 'ru', 'ko', 'sk', 'sl', 'nl']);
    expect(specSpelling('pt-BR')).toBe('pt_BR');
  });

  it('accept only the spec’s spelling', () => {
    expect(isSpecLocale('pt_BR')).toBe(true);
    expect(['pt-BR', 'PT_br', 'sv', '', null, 3].map(isSpecLocale)).toEqual([false, false, false, false, false, false]);
  });
});
