/**
 * Which container a drag is over and where it would land, one per dashboard store: nested containers all
 * receive the drag, and only the innermost (the one that will take the drop) may show the indicator.
 */
import { signal, type Signal } from '@preact/signals-react';

export interface DropTarget {
  containerId: string;
  index: number;
}

const targets = new WeakMap<object, Signal<DropTarget | null>>();

/** The drop target signal of one dashboard (keyed by its store, so two dashboards on a page never share). */
export function dropTargetOf(store: object): Signal<DropTarget | null> {
  let target = targets.get(store);
  if (!target) {
    target = signal<DropTarget | null>(null);
    targets.set(store, target);
  }
  return target;
}
