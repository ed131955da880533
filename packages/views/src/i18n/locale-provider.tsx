/**
 * The locale of a subtree: every `useTranslation()` below a LocaleProvider translates into its locale. Each
 * provider holds its own translator, so two embedded elements in different locales live on one page, and a
 * new `locale` re-renders the subtree in place (no reload). Uses only hooks Preact has, for <bi-chart> lite.
 */
import { ENGLISH_TRANSLATOR, isSourceLocale, type Translator } from '@lumen-bi/core';
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
  const [translator, setTranslator] = useState<Translator>(ENGLISH_TRANSLATOR);
  useEffect(() => {
    if (isSourceLocale(locale)) {
      setTranslator(ENGLISH_TRANSLATOR);
      return undefined;
    }
    // A slower catalogue must not overwrite the locale chosen after it. A locale loaded before (a switch
    // back) resolves within the same task, before the browser paints.
    let current = true;
    void import('./translator-loading')
      .then((module) => module.loadTranslator(locale))
      .then(
        (loaded) => current && setTranslator(loaded),
        // The loading module did not download (offline, a deploy replaced it): the text stays as it is.
        () => undefined,
      );
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
