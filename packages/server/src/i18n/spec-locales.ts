/**
 * Spec 1 §9's locales as the server's API and configuration spell them (`pt_BR`, as the spec writes it).
 * The browser packages key catalogues by the BCP 47 tag (`pt-BR`, @lumen-bi/core's LOCALE_TAGS); both name
 * the same 14 locales.
 */
import { LOCALE_TAGS, type Locale } from '@lumen-bi/core';

/** en, fr, es, it, zh, ja, de, pt, pt_BR, ru, ko, sk, sl, nl: spec 1 §9's order and spelling. */
export const SPEC_LOCALES = LOCALE_TAGS.map((tag) => tag.replace('-', '_'));

/** A locale as spec 1 §9 spells it. */
export type SpecLocale = string;

/**
 * The spec's spelling of a supported locale.
 *
 * @example
 * specSpelling('pt-BR'); // 'pt_BR'
 */
export const specSpelling = (locale: Locale): SpecLocale => locale.replace('-', '_');

/**
 * True for one of the 14 locales exactly as the spec writes it (`pt_BR`, not `pt-BR` nor `PT_br`).
 *
 * @example
 * isSpecLocale('pt_BR'); // true
 * isSpecLocale('sv'); // false
 */
export const isSpecLocale = (value: unknown): value is SpecLocale => typeof value === 'string' && SPEC_LOCALES.includes(value);
