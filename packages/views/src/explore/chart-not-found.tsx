/**
 * A saved chart that does not exist (a deleted chart, a mistyped slice_id): said as such, with a way back,
 * instead of the API's 404 shown as a database engine error.
 */
import { ClientError } from '@lumen-bi/core';

export const CHART_NOT_FOUND = 'Chart not found';

/** The load error of a chart id the server does not know. */
export class ChartNotFoundError extends Error {
  constructor(readonly sliceId: number) {
    super(CHART_NOT_FOUND);
    this.name = 'ChartNotFoundError';
  }
}

/**
 * Rethrows a 404 of GET /api/v1/chart/{id} as ChartNotFoundError; anything else unchanged.
 *
 * @example
 * await client.get(`/api/v1/chart/${id}`).catch(chartNotFoundFor(id));
 */
export function chartNotFoundFor(sliceId: number) {
  return (error: unknown): never => {
    if (error instanceof ClientError && error.status === 404) throw new ChartNotFoundError(sliceId);
    throw error;
  };
}

export function ChartNotFound({ sliceId }: { sliceId: number }) {
  return (
    <section className="bi-explore__not-found" aria-labelledby="bi-chart-not-found">
      <h2 id="bi-chart-not-found">{CHART_NOT_FOUND}</h2>
      <p>There is no chart with id {sliceId}: it may have been deleted, or the address is mistyped.</p>
      <p>
        <a href="/chart/list/">Go to Charts</a>
      </p>
    </section>
  );
}
