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

/** The boxes of `container`'s direct layout children (a child may sit one wrapper deep), in order. */
export function layoutChildBoxes(container: HTMLElement): DOMRect[] {
  return [...container.querySelectorAll<HTMLElement>(':scope > [data-layout-id], :scope > * > [data-layout-id]')]
    // One wrapper deep means a plain wrapper: a row's charts are the row's children, not the grid's.
    .filter((el) => el.parentElement === container || (el.parentElement?.parentElement === container && !el.parentElement.hasAttribute('data-layout-id')))
    .map((el) => el.getBoundingClientRect());
}

/** A box in the viewport's coordinates (a DOMRect's reading part, so tests can pass plain objects). */
export type Box = Pick<DOMRect, 'left' | 'top' | 'width' | 'height'>;

/**
 * Index among a container's children where a drop at (x, y) goes: before the first child whose centre is
 * past the pointer (horizontally in rows, vertically elsewhere).
 */
export function dropIndexAmong(children: Box[], x: number, y: number, horizontal: boolean): number {
  for (let i = 0; i < children.length; i += 1) {
    const box = children[i];
    const centre = horizontal ? box.left + box.width / 2 : box.top + box.height / 2;
    if ((horizontal ? x : y) < centre) return i;
  }
  return children.length;
}

export function dropIndex(container: HTMLElement, x: number, y: number, horizontal: boolean): number {
  return dropIndexAmong(layoutChildBoxes(container), x, y, horizontal);
}

/** Thickness of the drop indicator line, px. */
export const INDICATOR_SIZE = 4;

/**
 * Where the drop indicator line is drawn, relative to the container's box: in the gap before child
 * `index` (after the last child when index is past the end), across the container. A container without
 * children gets no line: the whole container is highlighted instead ("inside").
 */
export function indicatorBox(container: Box, children: Box[], index: number, horizontal: boolean): Box | null {
  if (children.length === 0) return null;
  const before = children[index - 1];
  const after = children[index];
  const end = (b: Box) => (horizontal ? b.left + b.width : b.top + b.height);
  const start = (b: Box) => (horizontal ? b.left : b.top);
  // The middle of the gap between the neighbours; at either end, just outside the outer child.
  const at = before && after ? (end(before) + start(after)) / 2 : after ? start(after) - INDICATOR_SIZE / 2 : end(before!) + INDICATOR_SIZE / 2;
  const offset = at - (horizontal ? container.left : container.top) - INDICATOR_SIZE / 2;
  return horizontal
    ? { left: offset, top: 0, width: INDICATOR_SIZE, height: container.height }
    : { left: 0, top: offset, width: container.width, height: INDICATOR_SIZE };
}
