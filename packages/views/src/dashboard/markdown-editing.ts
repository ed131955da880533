/**
 * Open/close state of a markdown component's source editor. Leaving by Escape, the Preview button or a
 * click outside (blur) all keep the text, as the incumbent does: the edit is one undo step, so nothing
 * typed is lost by a stray key.
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';

export function useMarkdownEditing(editMode: boolean, save: (value: string) => void) {
  const [open, setOpen] = useState(false);
  // Escape closes and unmounts the textarea, which may also blur it: save once per opening.
  const saved = useRef(false);
  const returnFocus = useRef(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const saveRef = useRef(save);
  saveRef.current = save;

  const commit = useCallback((value: string) => {
    if (saved.current) return;
    saved.current = true;
    setOpen(false);
    saveRef.current(value);
  }, []);
  const openEditor = useCallback(() => {
    saved.current = false;
    setOpen(true);
  }, []);
  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLTextAreaElement>) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      // Keyboard users land back on the Edit button they came from, not at the top of the page.
      returnFocus.current = true;
      commit(event.currentTarget.value);
    },
    [commit],
  );
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    if (open || !returnFocus.current) return;
    returnFocus.current = false;
    editButton.current?.focus();
  }, [open]);
  // Leaving edit mode (save, discard) closes the editor too.
  useEffect(() => {
    if (!editMode) setOpen(false);
  }, [editMode]);

  return { open: open && editMode, commit, openEditor, onKeyDown, close, editButton };
}
