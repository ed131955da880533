import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A chart's runtime (buildQuery, transformProps, render: what `<bi-chart>` loads as the type's lazy chunk)
 * must not import its control panel or Explore's shared controls: that code, and the constants it pulls in,
 * would then ship in every embed's first load of the type (issue 17's 60 KB budget).
 */
const PLUGINS = join(__dirname, '../packages/charts/src/plugins');
const EXPLORE_ONLY = /from '(\.\/control-panel|(\.\.\/)+controls\/[^']*)'/;

function runtimeFiles(): string[] {
  const files: string[] = [];
  for (const plugin of readdirSync(PLUGINS, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    for (const file of readdirSync(join(PLUGINS, plugin.name))) {
      if (/\.tsx?$/.test(file) && !/\.test\.tsx?$|^control-panel\.ts$|\.test-helpers\.ts$/.test(file)) files.push(join(plugin.name, file));
    }
  }
  return files;
}

describe('chart runtime chunks', () => {
  it('import no control panel and no Explore controls', () => {
    const files = runtimeFiles();
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.filter((file) => EXPLORE_ONLY.test(readFileSync(join(PLUGINS, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
