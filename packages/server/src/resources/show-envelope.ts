import type { ResourceDefinition } from './definition';
import { labelOf } from './list';

/**
 * The keys Flask-AppBuilder's GET-one answer carries beside {id, result}, for resources whose incumbent GET
 * is the framework's own (`def.showTitle`); clients that build forms from an item read its labels here.
 */
export function showEnvelope(def: ResourceDefinition, shown: string[]): Record<string, unknown> {
  if (!def.showTitle) return {};
  return {
    description_columns: {},
    label_columns: Object.fromEntries(shown.map((c) => [c, def.labels?.[c] ?? labelOf(c)])),
    show_columns: shown,
    show_title: def.showTitle,
  };
}
