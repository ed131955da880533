export { registerResourceRoutes } from './routes';
export { RESOURCE_DEFINITIONS, TAGGABLE } from './registry';
export type { ResourceDefinition, RequestScope } from './definition';
export { chartIdsInPosition, UNTITLED_DASHBOARD } from './definitions/dashboard';
export { PASSWORD_MASK } from './definitions/database';
