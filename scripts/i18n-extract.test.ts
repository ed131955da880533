/**
 * The i18n check (issue 21): every UI string of the sources is in the English catalogue, the compiled
 * catalogues match the translations, every translation is valid ICU with the source's arguments, and each
 * locale's coverage is printed (partial coverage is reported as it is).
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { needsMessageRuntime } from '../packages/core/src/i18n/format-english';
import { CATALOGUE_DIR, compiledModule, coverage, coverageLines, englishCatalogue, messagesOf, outputs, readCatalogue, TRANSLATED_LOCALES } from './i18n-extract.mjs';

/** The argument names a message uses, at any depth (inside plural and select branches too). */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    into.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) Object.values(element.options).forEach((option) => argumentsOf(option.value, into));
  }
  return into;
}

/** The sources' UI strings, collected once (parsing every source takes seconds). */
let collected: Record<string, string> | undefined;
const english = () => (collected ??= englishCatalogue() as Record<string, string>);

describe('i18n extraction', { timeout: 30_000 }, () => {
  it('collects the literal first argument of t() and msg() calls, not computed ones', () => {
    const source = "const a = t('Loading…'); const b = msg(`Saved`); i18n.t('Retry {n}', { n }); t(name); other('Not a message');";
    expect(messagesOf('sample.tsx', source)).toEqual(['Loading…', 'Saved', 'Retry {n}']);
  });

  it('compiles a catalogue to the ICU AST, dropping entries no source uses, and rejects invalid ICU', () => {
    const english = { 'Hello {who}': 'Hello {who}' };
    const module = compiledModule('fr', { 'Hello {who}': 'Bonjour {who}', Gone: 'Parti' }, english);
    expect(module).toContain(JSON.stringify(JSON.stringify({ 'Hello {who}': parse('Bonjour {who}') })));
    expect(module).not.toContain('Parti');
    expect(() => compiledModule('fr', { 'Hello {who}': 'Bonjour {who' }, english)).toThrow(/fr\.json: the translation of "Hello \{who\}" is not a valid ICU message/);
  });

  it('counts a regional locale’s fallback to its language in its coverage', () => {
    const english = { A: 'A', B: 'B', C: 'C' };
    const [brazil] = coverage(english, { 'pt-BR': { A: 'a' }, pt: { B: 'b' } });
    expect(brazil).toMatchObject({ own: 1, translated: 2, total: 3, missing: ['C'] });
    expect(coverageLines([brazil])).toEqual(['pt-BR     2/3 (66.7%), 1 of its own']);
  });

  it('has every UI string of the sources in the English catalogue', () => {
    const committed = JSON.parse(readFileSync(join(CATALOGUE_DIR, 'en.json'), 'utf8')) as Record<string, string>;
    const missing = Object.keys(english()).filter((source) => !Object.prototype.hasOwnProperty.call(committed, source));
    expect(missing, 'UI strings without an English entry: run `node scripts/i18n-extract.mjs`').toEqual([]);
  });

  it('has the English catalogue and the compiled catalogues as the script writes them', () => {
    const stale = [...outputs(english())].filter(([path, text]) => readFileSync(path, 'utf8') !== text).map(([path]) => path);
    expect(stale, 'run `node scripts/i18n-extract.mjs` and commit what it writes').toEqual([]);
  });

  it('keeps English source strings to {name} arguments, which English formats without the runtime', () => {
    expect(Object.keys(english()).filter(needsMessageRuntime)).toEqual([]);
  });

  it('has only valid translations of current strings, with the arguments of their source', () => {
    for (const locale of TRANSLATED_LOCALES) {
      for (const [source, translation] of Object.entries(readCatalogue(locale) as Record<string, string>)) {
        expect(english(), `${locale}.json translates "${source}", which no source uses`).toHaveProperty([source]);
        expect(translation.trim(), `${locale}.json: "${source}"`).not.toBe('');
        expect([...argumentsOf(parse(translation))].sort(), `${locale}.json: "${source}"`).toEqual([...argumentsOf(parse(source))].sort());
      }
    }
  });

  it('prints each locale’s coverage of the UI strings', () => {
    const rows = coverage(english(), Object.fromEntries(TRANSLATED_LOCALES.map((locale) => [locale, readCatalogue(locale)])));
    console.log(['i18n coverage of the UI strings (issue 21):', ...coverageLines(rows)].join('\n'));
    expect(rows.map((row) => row.locale)).toEqual(TRANSLATED_LOCALES);
    expect(rows.every((row) => row.total === Object.keys(english()).length)).toBe(true);
  });
});
