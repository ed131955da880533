import { createElementBase } from './create-element-base';
import { SQLLAB_ATTRIBUTES, SqlLabElementView } from './sqllab-element-view';

/**
 * `<bi-sqllab>`: SQL Lab in the element's shadow root, for a signed-in user of the same site (session auth).
 * Attributes: api-url, theme, theme-mode, locale. Its code loads on first render. Events: bi-ready,
 * bi-query-success and bi-query-error (each query run in it, once, when it finishes).
 *
 * @example
 * <bi-sqllab api-url="" style="height: 80vh"></bi-sqllab>
 */
export class BiSqlLabElement extends createElementBase(SqlLabElementView, SQLLAB_ATTRIBUTES) {
  static readonly tagName = 'bi-sqllab';
}
