import { describe, expect, it } from 'vitest';
import { UNDO_HISTORY_SIZE, UNDO_LIMIT } from './grid-constants';
import { canRedo, canUndo, createUndoHistory, pushHistory, redo, undo, undoClearsUnsaved } from './undo-history';

describe('undo history', () => {
  it('undoes and redoes, and a new push drops the redo branch', () => {
    let h = createUndoHistory(0);
    h = pushHistory(pushHistory(h, 1), 2);
    h = undo(h);
    expect(h.present).toBe(1);
    expect(canRedo(h)).toBe(true);
    h = redo(h);
    expect(h.present).toBe(2);
    h = pushHistory(undo(h), 9);
    expect(canRedo(h)).toBe(false);
    expect(undo(h).present).toBe(1);
  });

  it('is bounded at the limit plus 2 and flags when the limit is exceeded', () => {
    expect(UNDO_HISTORY_SIZE).toBe(UNDO_LIMIT + 2);
    let h = createUndoHistory(0);
    for (let i = 1; i < UNDO_LIMIT; i += 1) h = pushHistory(h, i);
    expect(h.maxUndoHistoryExceeded).toBe(false);
    h = pushHistory(h, UNDO_LIMIT);
    expect(h.maxUndoHistoryExceeded).toBe(true);
    for (let i = 0; i < 10; i += 1) h = pushHistory(h, 100 + i);
    expect(h.past.length).toBe(UNDO_HISTORY_SIZE - 1);
    while (canUndo(h)) h = undo(h);
    expect(undoClearsUnsaved(h, false)).toBe(false);
  });

  it('undoing to the start clears unsaved changes unless the colour scheme changed', () => {
    const h = undo(pushHistory(createUndoHistory('a'), 'b'));
    expect(undoClearsUnsaved(h, false)).toBe(true);
    expect(undoClearsUnsaved(h, true)).toBe(false);
  });
});
