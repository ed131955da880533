import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A chart's runtime (buildQuery, transformProps, render: what `<bi-chart>` loads as the type's lazy chunk)
 * must not import its control panel or Explore's shared controls: that code, and the constants it pulls in,
 * would then ship in every embed's first load of the type (issue 17's 60 KB budget).
 *
 * The runtime is what each plugin's index.ts reaches through its relative imports, static and dynamic, so a
 * helper module that only control panels import (deck-shared/controls.ts) is not runtime, whatever its name.
 */
const SRC = join(__dirname, '../packages/charts/src');
const PLUGINS = join(SRC, 'plugins');
/** Relative specifiers of value imports and re-exports, static or dynamic; `import type` is erased at build. */
const IMPORT = /(?:^\s*(?:import|export)(?!\s+type\s)[^;]*?from\s*|import\s*\(\s*)'(\.{1,2}\/[^']+)'/gm;
/**
 * Control panels, and the controls folder except its validators: runtime checks form data with the same
 * messages ('cannot be empty'), a few hundred bytes without the panels' definitions.
 */
const SHARED_WITH_RUNTIME = new Set([join(SRC, 'controls', 'validators.ts')]);
const EXPLORE_ONLY = (file: string) =>
  /[\\/]control-panels?\.ts$/.test(file) || (file.startsWith(join(SRC, 'controls')) && !SHARED_WITH_RUNTIME.has(file));

/** The file a relative specifier names: as written, or with .ts/.tsx, or its folder's index. */
function resolveImport(fromFile: string, specifier: string): string | undefined {
  const base = resolve(dirname(fromFile), specifier).replace(/\.js$/, '');
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate));
}

/** Every source file reachable from `entry` through relative imports (JSON and CSS are not followed). */
function reachableFrom(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolveImport(file, specifier);
      if (target) visit(target);
    }
  };
  visit(entry);
  return seen;
}

const pluginEntries = () =>
  readdirSync(PLUGINS, { withFileTypes: true })
    .filter((dirent) => dirent.isDirectory())
    .map((dirent) => join(PLUGINS, dirent.name, 'index.ts'))
    .filter((entry) => existsSync(entry));

describe('chart runtime chunks', () => {
  it('import no control panel and no Explore controls', () => {
    const entries = pluginEntries();
    expect(entries.length).toBeGreaterThan(40);
    const offenders = entries.flatMap((entry) =>
      [...reachableFrom(entry)].filter(EXPLORE_ONLY).map((file) => `${relative(SRC, entry)} -> ${relative(SRC, file)}`),
    );
    expect(offenders).toEqual([]);
  });

  it('follows imports far enough to see a control panel', () => {
    // Guards the walk itself: the control panels module reaches every plugin's control panel.
    const reached = [...reachableFrom(join(SRC, 'control-panels.ts'))].filter(EXPLORE_ONLY);
    expect(reached.length).toBeGreaterThan(40);
  });
});
