import type { SqlLabHandle, SqlLabHostQuery, SqlLabQueryOutcome } from '@lumen-bi/views';

/**
 * Connects <bi-sqllab>'s `run()` to the mounted SQL Lab: a run asked for before SQL Lab has loaded (its code
 * is a lazy chunk) waits for it rather than failing.
 */
export class SqlLabElementController {
  private handle: SqlLabHandle | null = null;
  private waiting: ((handle: SqlLabHandle) => void)[] = [];

  /** The view's handle once SQL Lab has loaded; null when it unmounts. */
  attach = (handle: SqlLabHandle | null): void => {
    this.handle = handle;
    if (handle) for (const resolve of this.waiting.splice(0)) resolve(handle);
  };

  /**
   * Applies the element's current attributes, then runs the active tab. The attributes are applied here
   * rather than left to the next render: `el.sql = …; el.run()` must run the new SQL, and React renders
   * later than that call.
   */
  async run(query: SqlLabHostQuery | null): Promise<SqlLabQueryOutcome | null> {
    const handle = this.handle ?? (await new Promise<SqlLabHandle>((resolve) => this.waiting.push(resolve)));
    if (query) await handle.applyHostQuery(query);
    return handle.run();
  }
}
