/**
 * The catalogue loading a LocaleProvider imports on demand, the first time a subtree is not in English: an
 * English page (most embeds) never downloads it (<bi-chart> lite's first load, DESIGN.md budget).
 */
export { loadTranslator } from '@lumen-bi/core';
