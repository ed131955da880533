/**
 * The locale of a subtree: every `useTranslation()` below a LocaleProvider translates into its locale. Each
 * provider holds its own translator, so two embedded elements in different locales live on one page, and a
 * new `locale` re-renders the subtree in place (no reload). Uses only hooks Preact has, for <bi-chart> lite.
 */
import { ENGLISH_TRANSLATOR, loadedTranslator, loadTranslator, type Translator } from '@lumen-bi/core';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

/** Outside any provider, the source text: English. */
const TranslatorContext = createContext<Translator>(ENGLISH_TRANSLATOR);

export interface LocaleProviderProps {
  /** A spec 1 §9 locale in any spelling (`de`, `pt_BR`); absent means English. */
  locale: string | null | undefined;
  children?: ReactNode;
}

/**
 * Renders `children` in `locale`. Until a locale's catalogue has loaded the subtree keeps the text it shows
 * (English at first, the previous locale on a switch), so a switch never flashes English.
 */
export function LocaleProvider({ locale, children }: LocaleProviderProps) {
  const [translator, setTranslator] = useState<Translator>(() => loadedTranslator(locale) ?? ENGLISH_TRANSLATOR);
  useEffect(() => {
    const ready = loadedTranslator(locale);
    if (ready) {
      setTranslator(ready);
      return undefined;
    }
    // A slower catalogue must not overwrite the locale chosen after it.
    let current = true;
    void loadTranslator(locale).then((loaded) => {
      if (current) setTranslator(loaded);
    });
    return () => {
      current = false;
    };
  }, [locale]);
  return <TranslatorContext.Provider value={translator}>{children}</TranslatorContext.Provider>;
}

/**
 * The translator of the nearest LocaleProvider: `t(englishSource, values)` and its `locale`.
 *
 * @example
 * const { t } = useTranslation();
 * return <p aria-busy="true">{t('Loading…')}</p>;
 */
export function useTranslation(): Translator {
  return useContext(TranslatorContext);
}
