import { describe, expect, it } from 'vitest';
import { acceptedLanguages } from './accept-language';

describe('acceptedLanguages', () => {
  it('orders the tags by weight, keeping the header’s order among equals', () => {
    expect(acceptedLanguages('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual(['fr-CH', 'fr', 'en', 'de']);
    expect(acceptedLanguages('en;q=0.5, ja, ko')).toEqual(['ja', 'ko', 'en']);
    expect(acceptedLanguages('nl;Q=0.2,sk;q=0.3')).toEqual(['sk', 'nl']);
  });

  it('leaves out refusals, the wildcard and empty entries; an unreadable weight counts as 1', () => {
    expect(acceptedLanguages('de;q=0, *, , it;q=abc, ru;q=0.1')).toEqual(['it', 'ru']);
    expect(acceptedLanguages('')).toEqual([]);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
});
