/** The operation registry and `applyPostProcessing`, which runs Superset `post_processing` steps in order. */
import { aggregate } from './aggregate';
import { boxplot } from './boxplot';
import { compare } from './compare';
import { contribution } from './contribution';
import { cum } from './cum';
import { diff } from './diff';
import { flatten } from './flatten';
import { type Frame, MissingColumnsError, type PostProcessingContext, PostProcessingError, type PostProcessingStep, rowCount } from './frame';
import { histogram } from './histogram';
import { pivot } from './pivot';
import { rename } from './rename';
import { resample } from './resample';
import { rolling } from './rolling';
import { select } from './select';
import { sort } from './sort';

type Operation = (frame: Frame, options: Record<string, unknown>, context: PostProcessingContext) => Frame;

export const OPERATIONS: Readonly<Record<string, Operation>> = {
  aggregate,
  boxplot,
  compare,
  contribution: (f, o, c) => contribution(f, o, c.timeOffsets),
  cum,
  diff,
  flatten,
  histogram,
  pivot,
  rename,
  resample,
  rolling,
  select,
  sort,
};

export function applyPostProcessing(frame: Frame, steps: PostProcessingStep[] | null | undefined, context: PostProcessingContext = {}): Frame {
  let current = frame;
  for (const step of steps ?? []) {
    if (!step || typeof step !== 'object') throw new PostProcessingError('Invalid post processing operation: ' + String(step));
    const name = step.operation;
    const op = typeof name === 'string' && Object.prototype.hasOwnProperty.call(OPERATIONS, name) ? OPERATIONS[name] : undefined;
    if (!op) throw new PostProcessingError(`Invalid post processing operation: ${String(name)}`);
    const options = step.options ?? {};
    if (typeof options !== 'object' || Array.isArray(options)) {
      throw new PostProcessingError(`Options of post processing operation "${name}" are expected to be an object`);
    }
    current = rowCount(current) === 0 ? passEmpty(op, current, options, context) : op(current, options, context);
  }
  return current;
}

/**
 * A step on zero rows. The incumbent skips post-processing of an empty result altogether; here each step
 * still runs (so columns it can name without data, such as a pivot's metric columns or a rename, come out
 * as they would with rows), but a step naming a column that only rows would have produced (a series of a
 * pivot, the renamed metric of a grouped series) passes the empty frame on instead of failing the chart:
 * an empty result is the chart's empty state, not an error.
 */
function passEmpty(op: Operation, frame: Frame, options: Record<string, unknown>, context: PostProcessingContext): Frame {
  try {
    return op(frame, options, context);
  } catch (error) {
    if (error instanceof MissingColumnsError) return frame;
    throw error;
  }
}
