/** Registration of the built-in plugins into a caller-owned registry. */
import { bigNumberPlugin, bigNumberTotalPlugin } from './plugins/big-number/index';
import { piePlugin } from './plugins/pie/index';
import { tablePlugin } from './plugins/table/index';
import { areaChartPlugin, barChartPlugin, lineChartPlugin, scatterChartPlugin, smoothChartPlugin, stepChartPlugin } from './plugins/timeseries/index';
import type { ChartRegistry } from './registry';

/**
 * Registers every built-in viz type.
 *
 * @example
 * const registry = registerBuiltInCharts(createChartRegistry());
 * registry.has('echarts_timeseries_line'); // true
 */
export function registerBuiltInCharts(registry: ChartRegistry): ChartRegistry {
  for (const plugin of [
    tablePlugin, lineChartPlugin, barChartPlugin, areaChartPlugin, scatterChartPlugin, stepChartPlugin, smoothChartPlugin,
    piePlugin, bigNumberPlugin, bigNumberTotalPlugin,
  ]) registry.register(plugin);
  return registry;
}
