import { describe, expect, it } from 'vitest';
import { languageChoices, ownName } from './language-choices';

describe('languageChoices', () => {
  it('offers spec 1 §9’s 14 locales in its order and spelling', () => {
    expect(languageChoices().map((choice) => choice.locale)).toEqual(['en', 'fr', 'es', 'it', 'zh', 'ja', 'de', 'pt', 'pt_BR', 'ru', 'ko', 'sk', 'sl', 'nl']);
  });

  it('names each language in itself, whatever the page’s language', () => {
    const names = Object.fromEntries(languageChoices().map((choice) => [choice.locale, choice.name]));
    expect(names).toMatchObject({ en: 'English', fr: 'français', de: 'Deutsch', ja: '日本語', pt_BR: 'português (Brasil)', ru: 'русский', ko: '한국어', nl: 'Nederlands' });
    expect(ownName('sl')).toBe('slovenščina');
  });
});
