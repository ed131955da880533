/**
 * @lumen-bi/charts: viz plugins (registry keyed by viz_type, buildQuery, transformProps, render). No plugin
 * exists yet; the package exports only its version so it builds and can be depended on.
 */
export { VERSION } from './version';
