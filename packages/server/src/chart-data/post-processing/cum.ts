/** `cum`: cumulative sum/prod/min/max (pandas cumsum & co: nulls stay null and are skipped). */
import { applyColumnMap } from './column-map';
import { type Frame, optColumnMap, optString, PostProcessingError } from './frame';

const OPERATORS = ['sum', 'prod', 'min', 'max'] as const;

export function cumulate(values: Float64Array, operator: string): Float64Array {
  const n = values.length;
  const out = new Float64Array(n);
  let acc = NaN;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (v !== v) {
      out[i] = NaN;
      continue;
    }
    if (acc !== acc) acc = v;
    else if (operator === 'sum') acc += v;
    else if (operator === 'prod') acc *= v;
    else if (operator === 'min') acc = v < acc ? v : acc;
    else acc = v > acc ? v : acc;
    out[i] = acc;
  }
  return out;
}

export function cum(frame: Frame, opts: Record<string, unknown>): Frame {
  const operator = optString('cum', opts, 'operator', true);
  if (!(OPERATORS as readonly string[]).includes(operator)) {
    throw new PostProcessingError(`Invalid cumulative operator: ${operator}`);
  }
  const columns = optColumnMap('cum', opts, 'columns');
  return applyColumnMap(frame, columns, opts, 'cum', (v) => cumulate(v, operator));
}
