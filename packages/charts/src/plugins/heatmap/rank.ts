/** Percentile ranks (pandas `rank(pct=True)`, ties averaged), optionally within groups. */

/**
 * The percentile rank of each value within its group (nulls get null), as the incumbent's `rank`
 * post-processing computes it for heatmap normalisation.
 *
 * @example
 * percentileRanks([10, 20, 20, 40]);            // [0.25, 0.625, 0.625, 1]
 * percentileRanks([1, 2, 3, 4], ['a', 'a', 'b', 'b']); // [0.5, 1, 0.5, 1]
 */
export function percentileRanks(values: ReadonlyArray<number | null>, groups?: readonly string[]): Array<number | null> {
  const out: Array<number | null> = values.map(() => null);
  const byGroup = new Map<string, number[]>();
  values.forEach((v, i) => {
    if (v === null || !Number.isFinite(v)) return;
    const key = groups ? groups[i] : '';
    let list = byGroup.get(key);
    if (!list) byGroup.set(key, (list = []));
    list.push(i);
  });
  for (const idx of byGroup.values()) {
    idx.sort((a, b) => (values[a] as number) - (values[b] as number));
    for (let i = 0; i < idx.length; ) {
      let j = i;
      while (j + 1 < idx.length && values[idx[j + 1]] === values[idx[i]]) j++;
      // Tied values share the average of their 1-based ranks.
      const rank = (i + j + 2) / 2 / idx.length;
      for (let k = i; k <= j; k++) out[idx[k]] = rank;
      i = j + 1;
    }
  }
  return out;
}
