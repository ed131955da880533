import type { SqlLabQueryOutcome } from '@lumen-bi/views';
import { createElementBase, type ElementBase } from './create-element-base';
import type { FetchGuestToken } from './element-api';
import { lazy } from './lazy-class';
import { SqlLabElementController } from './sqllab-element-controller';
import { SQLLAB_ATTRIBUTES, SqlLabElementView } from './sqllab-element-view';
import { hostQueryFromAttributes, type SqlLabQueryAttributes } from './sqllab-host-query';

/**
 * `<bi-sqllab>`: SQL Lab in the element's shadow root, for a signed-in user of the same site (session auth),
 * or on any registered site with a guest token that grants SQL Lab on named databases (`guest-token`, or the
 * `fetchGuestToken` property); a guest runs read-only SQL and saves nothing on the server.
 * Attributes (and properties): api-url, guest-token (guestToken), database-id (databaseId), schema, sql, tab-title (tabTitle), theme,
 * theme-mode, locale. With database-id, schema or sql, the host's query opens in a tab of its own (titled
 * tab-title, default "Embedded query"), reused on later visits; changing `sql` replaces that tab's editor
 * content without running it. Its code loads on first render. Events: bi-ready, bi-query-success and
 * bi-query-error (each query run in it, once, when it finishes), bi-error (source 'sqllab', code
 * UNKNOWN_DATABASE for a database-id SQL Lab does not expose; source 'attribute' for one that is not an id).
 *
 * @example
 * <bi-sqllab api-url="" database-id="1" sql="SELECT 42 AS answer" style="height: 80vh"></bi-sqllab>
 * const outcome = await document.querySelector('bi-sqllab').run(); // {state: 'success', rowCount: 1, …}
 */
export interface BiSqlLabElement extends ElementBase {
  apiUrl: string | null;
  guestToken: string | null;
  /** The host's guest-token function (a token with a SQL Lab grant); called at once and before each exp. */
  fetchGuestToken: FetchGuestToken | null;
  databaseId: string | number | null;
  schema: string | null;
  sql: string | null;
  tabTitle: string | null;
  theme: string | null;
  themeMode: string | null;
  locale: string | null;
  /**
   * Runs the current SQL of the active tab (after applying the element's attributes), as the Run button
   * does; bi-query-success or bi-query-error reports it too. Waits for SQL Lab to load; resolves with the
   * query's final outcome (the events' detail), or null when there is nothing to run (no database, empty
   * SQL); rejects when database-id is invalid or not available in SQL Lab.
   */
  run(): Promise<SqlLabQueryOutcome | null>;
}

/** The `<bi-sqllab>` class, created on first call (it extends HTMLElement, absent in Node: see lazy-class.ts). */
export const sqlLabElementClass = lazy(
  (): new () => BiSqlLabElement =>
    class BiSqlLabElementImpl extends createElementBase(SqlLabElementView, SQLLAB_ATTRIBUTES) {
      static readonly tagName = 'bi-sqllab';
      private readonly controller = new SqlLabElementController();

      constructor() {
        super();
        this.setElementProp('controller', this.controller);
      }

      get fetchGuestToken(): FetchGuestToken | null {
        return (this.getElementProp('fetchGuestToken') as FetchGuestToken | undefined) ?? null;
      }

      set fetchGuestToken(value: FetchGuestToken | null) {
        this.setElementProp('fetchGuestToken', typeof value === 'function' ? value : null);
      }

      run(): Promise<SqlLabQueryOutcome | null> {
        try {
          const attributes: SqlLabQueryAttributes = {
            databaseId: this.getElementProp('databaseId') as SqlLabQueryAttributes['databaseId'],
            schema: this.getElementProp('schema') as string | null | undefined,
            sql: this.getElementProp('sql') as string | null | undefined,
            tabTitle: this.getElementProp('tabTitle') as string | null | undefined,
          };
          return this.controller.run(hostQueryFromAttributes(attributes));
        } catch (error) {
          return Promise.reject(error);
        }
      }
    } as unknown as new () => BiSqlLabElement,
);
