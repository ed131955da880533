/**
 * An explicit registry of viz plugins. Created and passed in (never a module singleton) so two embedded
 * elements or two tests on one page never share hidden state.
 */
import { DEFAULT_VIZ_TYPE } from '@lumen-bi/core';
import type { ChartPlugin } from './types';

export { DEFAULT_VIZ_TYPE };

/** A registry of plugins keyed by viz_type. */
export interface ChartRegistry {
  register(plugin: ChartPlugin<never> | ChartPlugin): ChartRegistry;
  /** The plugin for a viz type; throws `Unknown viz type: x (known: a, b)` when missing. */
  get(vizType: string): ChartPlugin;
  has(vizType: string): boolean;
  list(): string[];
  /** The plugin for `vizType`, else the configured default viz type's. */
  getOrDefault(vizType: string | null | undefined): ChartPlugin;
}

/** Options of createChartRegistry. */
export interface ChartRegistryOptions {
  /** Viz type used when form data has none (configuration; default 'table'). */
  defaultVizType?: string;
}

/**
 * Creates an empty registry.
 *
 * @example
 * const registry = createChartRegistry();
 * registerBuiltInCharts(registry);
 * registry.get('pie').transformProps({ formData, queriesData, width: 400, height: 300 });
 * registry.get('nope'); // throws Error('Unknown viz type: nope (known: big_number, ...)')
 */
export function createChartRegistry(options: ChartRegistryOptions = {}): ChartRegistry {
  const plugins = new Map<string, ChartPlugin>();
  const defaultVizType = options.defaultVizType ?? DEFAULT_VIZ_TYPE;
  const registry: ChartRegistry = {
    register(plugin) {
      const p = plugin as ChartPlugin;
      plugins.set(p.metadata.vizType, p);
      return registry;
    },
    get(vizType) {
      const plugin = plugins.get(vizType);
      if (!plugin) throw new Error(`Unknown viz type: ${vizType} (known: ${registry.list().join(', ')})`);
      return plugin;
    },
    has: (vizType) => plugins.has(vizType),
    list: () => [...plugins.keys()].sort(),
    getOrDefault: (vizType) => registry.get(vizType || defaultVizType),
  };
  return registry;
}
