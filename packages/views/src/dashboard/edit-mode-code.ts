/**
 * Where edit mode's code comes from: edit-mode.tsx (drag and drop, layout editing, resize, tab renaming,
 * the builder pane), loaded when a dashboard enters edit mode or its Edit button is pointed at or focused.
 * A viewer, and every embedding host, never downloads it (issue 15: weight).
 */
import { lazyModule } from '../components/lazy-module';

export type EditMode = typeof import('./edit-mode');

export const editModeCode = lazyModule<EditMode>(() => import('./edit-mode'));

/** Fetches edit mode ahead of the click that needs it; a failure is reported when edit mode opens. */
export const preloadEditMode = (): void => void editModeCode.load().catch(() => undefined);

export const EDITOR_LOAD_FAILED_MESSAGE = 'The dashboard editor could not be loaded. Check your connection and try again.';
