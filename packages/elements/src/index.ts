/**
 * @lumen-bi/elements: the <bi-dashboard>, <bi-chart> and <bi-sqllab> custom element classes. Not built yet;
 * the package exports only its version so it builds and can be depended on.
 */
export { VERSION } from './version';
