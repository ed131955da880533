/**
 * Dragging columns and metrics from Explore's dataset panel onto controls (HTML5 drag and drop). The
 * kind travels in the MIME type because a dragover may read the types but not the data; the name is
 * read on drop and checked against the dataset, since anything can be dropped from anywhere.
 */
import { useState, type DragEvent } from 'react';
import type { DatasourceMetadata } from './explore-types';

/** What can be dragged out of the dataset panel. */
export type DatasetDragKind = 'column' | 'metric';

export interface DatasetDragItem {
  kind: DatasetDragKind;
  /** The column name or the saved metric name. */
  name: string;
}

/** MIME types of the dragged item, one per kind. */
export const DATASET_DRAG_TYPES: Readonly<Record<DatasetDragKind, string>> = {
  column: 'application/x-lumen-column',
  metric: 'application/x-lumen-metric',
};

/** The part of DataTransfer drag and drop uses (happy-dom and browsers both provide it). */
export type DragData = Pick<DataTransfer, 'types' | 'getData' | 'setData' | 'effectAllowed' | 'dropEffect'>;

/**
 * Puts an item on a drag (and its name as text, so dropping it into a text field types it).
 *
 * @example
 * <li draggable onDragStart={(e) => startDatasetDrag(e.dataTransfer, { kind: 'column', name: 'gender' })} />
 */
export function startDatasetDrag(data: DragData, item: DatasetDragItem): void {
  data.setData(DATASET_DRAG_TYPES[item.kind], item.name);
  data.setData('text/plain', item.name);
  data.effectAllowed = 'copy';
}

/** The kind of a drag in progress when a target accepts it (read from the types only). */
export function acceptedKind(data: Pick<DataTransfer, 'types'> | null, accepts: readonly DatasetDragKind[]): DatasetDragKind | null {
  const types = data ? Array.from(data.types) : [];
  return accepts.find((kind) => types.includes(DATASET_DRAG_TYPES[kind])) ?? null;
}

/**
 * The dropped item when the target accepts its kind and the dataset has it; null otherwise.
 *
 * @example
 * readDatasetDrop(event.dataTransfer, ['column'], datasource); // { kind: 'column', name: 'gender' }
 */
export function readDatasetDrop(data: DragData | null, accepts: readonly DatasetDragKind[], datasource: DatasourceMetadata): DatasetDragItem | null {
  const kind = acceptedKind(data, accepts);
  if (!kind || !data) return null;
  const name = data.getData(DATASET_DRAG_TYPES[kind]);
  const known = kind === 'column' ? datasource.columns.some((c) => c.column_name === name) : datasource.metrics.some((m) => m.metric_name === name);
  return known ? { kind, name } : null;
}

/** Handlers a drop target spreads on its root element. */
export interface DatasetDropTarget {
  /** True while an accepted item is dragged over the target (for its highlight). */
  over: boolean;
  props: {
    onDragOver(event: DragEvent<HTMLElement>): void;
    onDragLeave(event: DragEvent<HTMLElement>): void;
    onDrop(event: DragEvent<HTMLElement>): void;
  };
}

/**
 * Makes an element a drop target for dataset items of the given kinds.
 *
 * @example
 * const drop = useDatasetDrop(['column'], datasource, (item) => addGroupby(item.name));
 * <div {...drop.props} className={drop.over ? 'bi-drop--over' : ''} />
 */
export function useDatasetDrop(accepts: readonly DatasetDragKind[], datasource: DatasourceMetadata, onDropItem: (item: DatasetDragItem) => void): DatasetDropTarget {
  const [over, setOver] = useState(false);
  return {
    over,
    props: {
      onDragOver(event) {
        if (!acceptedKind(event.dataTransfer, accepts)) return;
        // Cancelling dragover is what allows the drop.
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setOver(true);
      },
      onDragLeave(event) {
        // Leaving for a child of the target is not leaving the target.
        if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
        setOver(false);
      },
      onDrop(event) {
        setOver(false);
        const item = readDatasetDrop(event.dataTransfer, accepts, datasource);
        if (!item) return;
        event.preventDefault();
        onDropItem(item);
      },
    },
  };
}
