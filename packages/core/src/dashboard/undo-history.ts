/**
 * Undo/redo for the dashboard editor (spec 2 §4): an immutable history bounded at UNDO_HISTORY_SIZE
 * (UNDO_LIMIT + 2) states. The two spare slots let the editor tell "at the limit" from "past it", which
 * is when the warning shows and when undoing to the start must no longer clear the unsaved flag.
 */
import { UNDO_HISTORY_SIZE, UNDO_LIMIT } from './grid-constants';

export interface UndoHistory<T> {
  readonly past: readonly T[];
  readonly present: T;
  readonly future: readonly T[];
  /** Set once a state was dropped off the start of the history; never cleared until reset. */
  readonly maxUndoHistoryExceeded: boolean;
}

export function createUndoHistory<T>(present: T): UndoHistory<T> {
  return { past: [], present, future: [], maxUndoHistoryExceeded: false };
}

/**
 * Records a new present state; the redo branch is discarded.
 *
 * @example
 * let h = createUndoHistory(layout0);
 * h = pushHistory(h, layout1); // canUndo(h) === true
 */
export function pushHistory<T>(history: UndoHistory<T>, next: T, size = UNDO_HISTORY_SIZE): UndoHistory<T> {
  if (Object.is(next, history.present)) return history;
  let past = [...history.past, history.present];
  // `size` counts past + present, as the incumbent's redux-undo limit does.
  const dropped = past.length > size - 1;
  if (dropped) past = past.slice(past.length - (size - 1));
  return {
    past,
    present: next,
    future: [],
    maxUndoHistoryExceeded: history.maxUndoHistoryExceeded || dropped || past.length >= UNDO_LIMIT,
  };
}

export const canUndo = <T>(h: UndoHistory<T>): boolean => h.past.length > 0;
export const canRedo = <T>(h: UndoHistory<T>): boolean => h.future.length > 0;

export function undo<T>(history: UndoHistory<T>): UndoHistory<T> {
  if (!canUndo(history)) return history;
  const past = history.past.slice(0, -1);
  return { ...history, past, present: history.past[history.past.length - 1], future: [history.present, ...history.future] };
}

export function redo<T>(history: UndoHistory<T>): UndoHistory<T> {
  if (!canRedo(history)) return history;
  return { ...history, past: [...history.past, history.present], present: history.future[0], future: history.future.slice(1) };
}

/**
 * Whether undoing back to the start may clear the unsaved-changes flag: only when nothing was lost off the
 * history and the colour scheme did not change (its change is not part of the layout history).
 */
export function undoClearsUnsaved<T>(history: UndoHistory<T>, colorSchemeChanged: boolean): boolean {
  return !canUndo(history) && !history.maxUndoHistoryExceeded && !colorSchemeChanged;
}
