/**
 * What every layout component needs, passed down by context from the one DashboardView (not a global:
 * two dashboards on a page each have their own provider).
 */
import type { CategoricalColorScale, ChartRegistry } from '@lumen-bi/charts';
import type { QueryFormData } from '@lumen-bi/core';
import { createContext, useContext } from 'react';
import type { DashboardStore } from './dashboard-store';
import type { EditMode } from './edit-mode-code';
import type { DashboardUiConfig } from './dashboard-types';
import type { DashboardShareOptions } from './share-link';

export interface DashboardContextValue {
  store: DashboardStore;
  registry: ChartRegistry;
  uiConfig: DashboardUiConfig;
  colorScale(formData: QueryFormData): CategoricalColorScale;
  /** Address of a chart in Explore (the app passes its router's form). */
  exploreUrl(chartId: number): string;
  origin: string;
  /** The host's say over Share (hide it, or map permalinks to its own URLs). */
  share?: DashboardShareOptions;
  /**
   * Edit mode's code while the dashboard is edited and that code has loaded (edit-mode-code.ts); null
   * otherwise. The layout components show their edit controls only then.
   */
  edit: EditMode | null;
}

export const DashboardContext = createContext<DashboardContextValue | null>(null);

export function useDashboard(): DashboardContextValue {
  const value = useContext(DashboardContext);
  if (!value) throw new Error('useDashboard must be used inside DashboardView');
  return value;
}
