/**
 * Rows a deck chart cannot place (bad coordinates, an unknown geohash, unreadable geometry) are counted by
 * reason and reported under the chart, as the world map reports unknown codes: never a crash.
 */

/** Counts of skipped rows by reason, in first-seen order. */
export class SkippedRows {
  private readonly counts = new Map<string, number>();

  /** Counts one row skipped for `reason`. */
  add(reason: string): void {
    this.counts.set(reason, (this.counts.get(reason) ?? 0) + 1);
  }

  /**
   * One line per reason, in the world map's words.
   *
   * @example
   * const skipped = new SkippedRows(); skipped.add('unknown geohash');
   * skipped.messages(); // ['1 row skipped: unknown geohash']
   */
  messages(): string[] {
    return [...this.counts].map(([reason, n]) => `${n} ${n === 1 ? 'row' : 'rows'} skipped: ${reason}`);
  }
}
