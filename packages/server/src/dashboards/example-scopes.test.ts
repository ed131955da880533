import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chartIdsInLayout, getChartsInScope, toLayout, validateChartConfiguration, validateNativeFilters } from '@lumen-bi/core';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

/**
 * The shared layout logic checked against the incumbent's own example dashboards: their filters and
 * cross-filter settings must validate, and scopes must give the charts the incumbent stored.
 */
const EXAMPLES = '/work/shared/reference/superset-examples/configs/dashboards';
const examples = (() => {
  try {
    return readdirSync(EXAMPLES)
      .filter((f) => f.endsWith('.yaml'))
      .map((f) => ({ name: f, doc: parse(readFileSync(join(EXAMPLES, f), 'utf8')) as Record<string, any> }));
  } catch {
    return [];
  }
})();

describe.skipIf(examples.length === 0)('incumbent example dashboards', () => {
  it('validate and reproduce the stored chartsInScope', () => {
    let compared = 0;
    for (const { name, doc } of examples) {
      const layout = toLayout(doc.position);
      const metadata = (doc.metadata ?? {}) as Record<string, unknown>;
      const filters = (metadata.native_filter_configuration ?? []) as Record<string, any>[];
      expect(validateNativeFilters(filters), name).toEqual([]);
      expect(validateChartConfiguration(metadata), name).toEqual([]);
      const placed = new Set(chartIdsInLayout(layout));
      for (const f of filters) {
        // Some exports keep chartsInScope from their source database while the layout carries new ids.
        if (!f.scope || !Array.isArray(f.chartsInScope) || !f.chartsInScope.every((id: number) => placed.has(id))) continue;
        expect([...getChartsInScope(layout, f.scope)].sort(), `${name} ${f.id}`).toEqual([...f.chartsInScope].sort());
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(0);
  });
});
