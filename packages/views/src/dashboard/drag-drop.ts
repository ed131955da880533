/**
 * HTML5 drag and drop of layout components (edit mode). The payload travels in dataTransfer so drops work
 * across the builder pane and the grid without shared module state; where the drop lands among a
 * container's children is computed from the pointer and the children's boxes.
 */
import type { LayoutComponentMeta, LayoutComponentType } from '@lumen-bi/core';

export const DRAG_MIME = 'application/x-lumen-layout';

export type DragPayload = { kind: 'existing'; id: string } | { kind: 'new'; type: LayoutComponentType; meta?: LayoutComponentMeta };

export function setDragPayload(event: { dataTransfer: DataTransfer | null }, payload: DragPayload): void {
  event.dataTransfer?.setData(DRAG_MIME, JSON.stringify(payload));
  event.dataTransfer?.setData('text/plain', payload.kind === 'existing' ? payload.id : payload.type);
  if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
}

export function readDragPayload(event: { dataTransfer: DataTransfer | null }): DragPayload | null {
  const raw = event.dataTransfer?.getData(DRAG_MIME);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as DragPayload;
  } catch {
    return null;
  }
}

/**
 * Index among `container`'s direct layout children where a drop at (x, y) goes: before the first child
 * whose centre is past the pointer (horizontally in rows, vertically elsewhere).
 */
export function dropIndex(container: HTMLElement, x: number, y: number, horizontal: boolean): number {
  const children = [...container.querySelectorAll<HTMLElement>(':scope > [data-layout-id], :scope > * > [data-layout-id]')].filter(
    (el) => el.parentElement === container || el.parentElement?.parentElement === container,
  );
  for (let i = 0; i < children.length; i += 1) {
    const box = children[i].getBoundingClientRect();
    const centre = horizontal ? box.left + box.width / 2 : box.top + box.height / 2;
    if ((horizontal ? x : y) < centre) return i;
  }
  return children.length;
}
