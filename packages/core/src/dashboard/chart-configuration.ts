/**
 * Cross-filter scoping (spec 2 §3): chart_configuration maps an emitting chart id to where its cross
 * filters apply; global_chart_configuration is the default for charts without their own entry.
 * A scope is either 'global' (follow the global configuration) or {rootPath, excluded}.
 */

export interface CrossFilterScope {
  rootPath: string[];
  excluded: number[];
}

export interface ChartConfigurationItem {
  id: number;
  crossFilters: { scope: 'global' | CrossFilterScope; chartsInScope?: number[] };
}

export interface GlobalChartConfiguration {
  scope: CrossFilterScope;
  chartsInScope?: number[];
}

export interface ChartConfigurationIssue {
  field: string;
  message: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isIds = (v: unknown) => Array.isArray(v) && v.every((x) => Number.isInteger(x));

function checkScope(field: string, scope: unknown, issues: ChartConfigurationIssue[]): void {
  if (!isObject(scope)) {
    issues.push({ field, message: `${field} must be 'global' or an object with rootPath and excluded` });
    return;
  }
  if (!Array.isArray(scope.rootPath) || !scope.rootPath.every((x) => typeof x === 'string')) {
    issues.push({ field: `${field}.rootPath`, message: `${field}.rootPath must be a list of layout component ids` });
  }
  if (!isIds(scope.excluded)) issues.push({ field: `${field}.excluded`, message: `${field}.excluded must be a list of chart ids` });
}

/**
 * Problems with chart_configuration / global_chart_configuration inside a json_metadata object; empty
 * when valid or absent.
 *
 * @example
 * validateChartConfiguration({ chart_configuration: { '12': { id: 12, crossFilters: { scope: 'global' } } } }); // []
 */
export function validateChartConfiguration(metadata: Record<string, unknown>): ChartConfigurationIssue[] {
  const issues: ChartConfigurationIssue[] = [];
  const config = metadata.chart_configuration;
  if (config !== undefined && config !== null) {
    if (!isObject(config)) {
      issues.push({ field: 'chart_configuration', message: 'chart_configuration must be an object keyed by chart id' });
    } else {
      for (const [key, item] of Object.entries(config)) {
        const field = `chart_configuration.${key}`;
        if (!/^\d+$/.test(key)) issues.push({ field, message: `${field}: keys must be chart ids` });
        if (!isObject(item)) {
          issues.push({ field, message: `${field} must be an object` });
          continue;
        }
        if (item.id !== undefined && item.id !== Number(key)) issues.push({ field: `${field}.id`, message: `${field}.id must equal its key` });
        if (!isObject(item.crossFilters)) {
          issues.push({ field: `${field}.crossFilters`, message: `${field}.crossFilters must be an object` });
          continue;
        }
        if (item.crossFilters.scope !== 'global') checkScope(`${field}.crossFilters.scope`, item.crossFilters.scope, issues);
        if (item.crossFilters.chartsInScope !== undefined && !isIds(item.crossFilters.chartsInScope)) {
          issues.push({ field: `${field}.crossFilters.chartsInScope`, message: 'chartsInScope must be a list of chart ids' });
        }
      }
    }
  }
  const global = metadata.global_chart_configuration;
  if (global !== undefined && global !== null) {
    if (!isObject(global)) {
      issues.push({ field: 'global_chart_configuration', message: 'global_chart_configuration must be an object' });
    } else {
      checkScope('global_chart_configuration.scope', global.scope, issues);
      if (global.chartsInScope !== undefined && !isIds(global.chartsInScope)) {
        issues.push({ field: 'global_chart_configuration.chartsInScope', message: 'chartsInScope must be a list of chart ids' });
      }
    }
  }
  return issues;
}
