import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { createMessageFormatter, type CompiledCatalogue } from './format-compiled';
import { formatEnglish, needsMessageRuntime } from './format-english';
import { loadedTranslator, loadTranslator } from './load-translator';
import { createTranslator } from './create-translator';
import { ENGLISH_TRANSLATOR } from './translator';

/** A locale module from ICU source text, as scripts/i18n-extract.mjs compiles the real ones. */
const moduleOf = (messages: Record<string, string>) => ({
  catalogue: Object.fromEntries(Object.entries(messages).map(([source, text]) => [source, parse(text)])) as CompiledCatalogue,
  createMessageFormatter,
});

describe('translators', () => {
  it('formats English without a catalogue: the source text with its {name} values', () => {
    expect(ENGLISH_TRANSLATOR.t('Set the {attribute} attribute.', { attribute: 'chart-id' })).toBe('Set the chart-id attribute.');
    expect(formatEnglish('Hello {who}')).toBe('Hello {who}');
    expect(needsMessageRuntime('{count, plural, one {# chart} other {# charts}}')).toBe(true);
    expect(needsMessageRuntime('Set the {attribute} attribute.')).toBe(false);
  });

  it('loads a locale catalogue on first use and keeps it for later subtrees', async () => {
    expect(loadedTranslator('de')).toBeUndefined();
    const german = await loadTranslator('de');
    expect(german.t('Loading…')).toBe('Wird geladen…');
    expect(german.t('Set the {attribute} attribute.', { attribute: 'dashboard-id' })).toBe('Setzen Sie das Attribut dashboard-id.');
    expect(loadedTranslator('de')).toBe(german);
    expect(await loadTranslator('de')).toBe(german);
  });

  it('falls back from pt-BR to pt, then to the English text, never to a key', async () => {
    const brazilian = await loadTranslator('pt_BR');
    expect(brazilian.locale).toBe('pt-BR');
    expect(brazilian.t('Loading…')).toBe('Carregando…');
    expect(brazilian.t('The guest token has expired')).toBe('O token de convidado expirou');
    expect(brazilian.t('A message no catalogue has')).toBe('A message no catalogue has');
    expect((await loadTranslator('en')).t('Loading…')).toBe('Loading…');
  });

  it('formats ICU plurals by the locale’s rules', () => {
    const russian = createTranslator('ru', [moduleOf({ '{count} charts': '{count, plural, one {# диаграмма} few {# диаграммы} many {# диаграмм} other {# диаграммы}}' })]);
    expect(russian.t('{count} charts', { count: 1 })).toBe('1 диаграмма');
    expect(russian.t('{count} charts', { count: 3 })).toBe('3 диаграммы');
    expect(russian.t('{count} charts', { count: 5 })).toBe('5 диаграмм');
  });

  it('shows the English text when a translation lacks a value it needs, rather than an error', () => {
    const french = createTranslator('fr', [moduleOf({ 'Hello {who}': 'Bonjour {who}' })]);
    expect(french.t('Hello {who}', { who: 'Ana' })).toBe('Bonjour Ana');
    expect(french.t('Hello {who}')).toBe('Hello {who}');
  });
});
