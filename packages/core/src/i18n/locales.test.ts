import { describe, expect, it } from 'vitest';
import { catalogueChain, toLocale } from './locales';

describe('locales', () => {
  it('reads every spelling of a spec 1 §9 locale as its BCP 47 tag', () => {
    expect(toLocale('pt_BR')).toBe('pt-BR');
    expect(toLocale('PT-br')).toBe('pt-BR');
    expect(toLocale(' de ')).toBe('de');
  });

  it('falls back from an unshipped region to its language, and from an unknown language to English', () => {
    expect(toLocale('fr-CA')).toBe('fr');
    expect(toLocale('pt-AO')).toBe('pt');
    expect(toLocale('xx')).toBe('en');
    expect(toLocale(undefined)).toBe('en');
  });

  it('looks a regional locale up in its own catalogue, then its language; English needs none', () => {
    expect(catalogueChain('pt-BR')).toEqual(['pt-BR', 'pt']);
    expect(catalogueChain('ja')).toEqual(['ja']);
    expect(catalogueChain('en')).toEqual([]);
  });
});
