import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REST_API_DOC } from './documented-endpoints';
import { documentedDifferences, renderDifferencesSection } from './differences-doc';
import { RECORDING } from './recorded-shapes';

/** docs/rest-api.md shows the contract suite's errata and allowed differences as the suite applies them. */
describe('the contract differences in docs/rest-api.md', () => {
  it('are the ones the suite allows (LUMEN_CONTRACT_RECORD=1 rewrites the section)', () => {
    const markdown = readFileSync(REST_API_DOC, 'utf8');
    const current = documentedDifferences(markdown);
    const expected = renderDifferencesSection();
    if (RECORDING && current !== null && current !== expected) writeFileSync(REST_API_DOC, markdown.replace(current, expected));
    else expect(current).toBe(expected);
  });

  it('escapes table cells so a reason cannot break the table', () => {
    const section = renderDifferencesSection([], [{ endpoint: 'GET /x', pointer: '/a', reason: 'a | b' }]);
    expect(section).toContain('| `GET /x` | `/a` | a \\| b |');
  });
});
