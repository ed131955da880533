import type { ResourceDefinition } from './definition';
import { annotationLayerDefinition } from './definitions/annotation-layer';
import { chartDefinition } from './definitions/chart';
import { dashboardDefinition } from './definitions/dashboard';
import { databaseDefinition } from './definitions/database';
import { datasetDefinition } from './definitions/dataset';
import { reportDefinition } from './definitions/report';
import { savedQueryDefinition } from './definitions/saved-query';
import { tagDefinition } from './definitions/tag';

/** Every resource served by the generic router, keyed by URL segment. */
export const RESOURCE_DEFINITIONS: readonly ResourceDefinition[] = [
  chartDefinition,
  dashboardDefinition,
  datasetDefinition,
  databaseDefinition,
  savedQueryDefinition,
  tagDefinition,
  reportDefinition,
  annotationLayerDefinition,
];

/** Object types bulk tagging accepts (tagged_object.object_type -> definition). */
export const TAGGABLE: Record<string, ResourceDefinition> = {
  chart: chartDefinition,
  dashboard: dashboardDefinition,
  saved_query: savedQueryDefinition,
};
