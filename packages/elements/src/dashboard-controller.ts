import type { DataMaskStateWithId } from '@lumen-bi/core';
import type { DashboardHandle, FilterValues } from '@lumen-bi/views';

/**
 * Connects a <bi-dashboard> element's methods to the mounted DashboardView: masks set before the dashboard
 * is ready are kept and applied once it is, and the ready/error transitions are reported.
 */
export class DashboardController {
  private handle: DashboardHandle | null = null;
  private pending: DataMaskStateWithId | null = null;
  private unsubscribe: (() => void) | null = null;
  private ready = false;
  /** setFilter calls made before the dashboard loaded, run once it has. */
  private whenReady: ((handle: DashboardHandle) => void)[] = [];

  constructor(private readonly events: { onReady(dashboardId: number | undefined): void }) {}

  /** The view's imperative handle (null when it unmounts or its store is replaced). */
  attach = (handle: DashboardHandle | null): void => {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.handle = handle;
    this.ready = false;
    if (!handle) return;
    this.unsubscribe = handle.store.status.subscribe((status) => {
      if (status !== 'ready' || this.ready) return;
      this.ready = true;
      if (this.pending) {
        handle.setDataMask(this.pending);
        this.pending = null;
      }
      for (const run of this.whenReady.splice(0)) run(handle);
      this.events.onReady(handle.store.info.value?.id);
    });
  };

  setDataMask(mask: DataMaskStateWithId): void {
    if (this.handle && this.ready) this.handle.setDataMask(mask);
    else this.pending = { ...this.pending, ...mask };
  }

  getDataMask(): DataMaskStateWithId {
    return this.handle && this.ready ? this.handle.getDataMask() : { ...this.pending };
  }

  /**
   * Sets one native filter by its name or column once the dashboard has loaded. Rejects with the view's
   * FilterNameError (code UNKNOWN_FILTER, AMBIGUOUS_FILTER or INVALID_FILTER_VALUE) naming the problem.
   */
  setFilter(name: string, values: FilterValues): Promise<void> {
    return new Promise((resolve, reject) => {
      const run = (handle: DashboardHandle) => {
        try {
          handle.setFilter(name, values);
          resolve();
        } catch (error) {
          reject(error);
        }
      };
      if (this.handle && this.ready) run(this.handle);
      else this.whenReady.push(run);
    });
  }

  getActiveTabs(): string[] {
    return this.handle?.getActiveTabs() ?? [];
  }

  createPermalink(anchor?: string): Promise<string> {
    if (!this.handle || !this.ready) return Promise.reject(new Error('The dashboard is not loaded yet'));
    return this.handle.createPermalink(anchor);
  }

  get isReady(): boolean {
    return this.ready;
  }
}
