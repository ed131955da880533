/**
 * Attribute parsing shared by the elements. Every attribute reaches the React side as its raw string (or
 * null when removed), so a bare boolean attribute (`<bi-dashboard hide-title>`) and its removal both work
 * (create-element-base.ts).
 */
import type { DataMaskStateWithId } from '@lumen-bi/core';

/** A raw attribute value: the string as written, '' for a bare attribute, null or undefined when absent. */
export type AttributeValue = string | null | undefined;

/**
 * A boolean attribute: present means true, except the spellings "false", "0", "no" and "off".
 *
 * @example
 * booleanAttribute(''); // true  (<bi-dashboard hide-title>)
 * booleanAttribute('false'); // false
 * booleanAttribute(null, true); // true (absent: the default)
 */
export function booleanAttribute(value: AttributeValue, fallback = false): boolean {
  if (value === null || value === undefined) return fallback;
  return !/^(false|0|no|off)$/i.test(value.trim());
}

/** A JSON attribute that failed to parse, reported through `bi-error`. */
export class AttributeError extends Error {
  readonly attribute: string;
  constructor(attribute: string, message: string) {
    super(`${attribute}: ${message}`);
    this.name = 'AttributeError';
    this.attribute = attribute;
  }
}

/**
 * Parses a JSON attribute; empty or absent gives undefined, invalid JSON throws an AttributeError.
 *
 * @example
 * jsonAttribute<Record<string, string>>('url-params', '{"country":"FR"}'); // {country: 'FR'}
 */
export function jsonAttribute<T>(attribute: string, value: AttributeValue): T | undefined {
  if (value === null || value === undefined || value.trim() === '') return undefined;
  try {
    return JSON.parse(value) as T;
  } catch (error) {
    throw new AttributeError(attribute, `not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** `url-params`: a JSON object whose values become strings (as URL parameters are). */
export function urlParamsAttribute(value: AttributeValue): Record<string, string> | undefined {
  const parsed = jsonAttribute<Record<string, unknown>>('url-params', value);
  if (parsed === undefined) return undefined;
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new AttributeError('url-params', 'must be a JSON object');
  return Object.fromEntries(Object.entries(parsed).map(([key, v]) => [key, typeof v === 'string' ? v : JSON.stringify(v)]));
}

/** `data-mask`: a JSON object of data masks by filter id. */
export function dataMaskAttribute(value: AttributeValue): DataMaskStateWithId | undefined {
  const parsed = jsonAttribute<DataMaskStateWithId>('data-mask', value);
  if (parsed === undefined) return undefined;
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new AttributeError('data-mask', 'must be a JSON object of data masks by filter id');
  return parsed;
}

/**
 * `database-id`: a positive integer id; empty or absent gives undefined, anything else throws.
 *
 * @example
 * databaseIdAttribute(' 3 '); // 3
 * databaseIdAttribute('examples'); // throws AttributeError
 */
export function databaseIdAttribute(value: AttributeValue | number): number | undefined {
  // The property may hold a number (`el.databaseId = 3`) until the element reflects it to the attribute.
  const text = value === null || value === undefined ? '' : String(value).trim();
  if (text === '') return undefined;
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new AttributeError('database-id', `"${text}" is not a database id (a positive integer)`);
  return Number(text);
}

/** Locales of spec 1 §9: the element renders its texts in it (LocaleProvider, docs/i18n.md) and sets `lang`. */
export const SUPPORTED_LOCALES = ['en', 'fr', 'es', 'it', 'zh', 'ja', 'de', 'pt', 'pt_BR', 'ru', 'ko', 'sk', 'sl', 'nl'] as const;

/**
 * BCP 47 spelling of a supported locale attribute (`pt_BR` -> `pt-BR`); undefined when absent, and 'en' for
 * a locale outside spec 1 §9 (so formatters never get a locale the product does not ship).
 */
export function localeAttribute(value: AttributeValue): string | undefined {
  const trimmed = value?.trim().replace('-', '_');
  if (!trimmed) return undefined;
  const known = SUPPORTED_LOCALES.find((locale) => locale.toLowerCase() === trimmed.toLowerCase());
  return (known ?? 'en').replace('_', '-');
}

/** The embedded uuid form of a dashboard-id attribute (as opposed to a numeric id or a slug). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * @example
 * isEmbeddedUuid('5b0c9d3e-1111-4222-8333-444455556666'); // true
 * isEmbeddedUuid('sales'); // false
 */
export function isEmbeddedUuid(value: string): boolean {
  return UUID.test(value.trim());
}
