import { useEffect, useId, useRef, useState } from 'react';

/**
 * State of a button-opened menu in the top navigation (the user menu, Settings): open or closed, the root
 * element that counts as "inside", and the id the button's aria-controls names. Closes on Escape or a
 * mouse press outside the root.
 */
export function usePopupMenu() {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: Event) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return { open, setOpen, root, menuId };
}
