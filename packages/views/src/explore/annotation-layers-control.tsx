/**
 * The time-series charts' annotation layers control (control type AnnotationLayerControl, form data
 * `annotation_layers`): the saved layers listed, each added or edited in a form that only saves a valid
 * layer, and removable. A layer is a formula, or events, intervals or another chart's series read from the
 * annotation store (NATIVE) or from a saved table or line chart; with its style (colour, width, line style,
 * opacity) and whether it is shown.
 */
import { checkAnnotationFormula } from '@lumen-bi/charts';
import type { AnnotationLayer, ApiClient } from '@lumen-bi/core';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Select } from '../components/select';
import {
  ANNOTATION_TYPES,
  LINE_STYLES,
  OPACITIES,
  SOURCE_TYPES,
  annotationLayerOptions,
  asLayers,
  describeLayer,
  draftToLayer,
  layerToDraft,
  sourceChartColumns,
  sourceChartOptions,
  withChart,
  withSource,
  withType,
  type LayerDraft,
  type LayerErrors,
} from './annotation-layer-rules';
import { FieldError } from './field-error';

export interface AnnotationLayersControlProps {
  label: string;
  value: unknown;
  api: ApiClient;
  onChange(layers: AnnotationLayer[]): void;
}

interface LayerEditorProps {
  initial: LayerDraft;
  isNew: boolean;
  otherNames: string[];
  api: ApiClient;
  onApply(layer: AnnotationLayer): void;
  onCancel(): void;
}

/** The columns of the chosen table chart (for its time, end, title and description columns), or why there are none. */
function useChartColumns(api: ApiClient, draft: LayerDraft): { columns: string[]; error: string | null } {
  const id = draft.sourceType === 'table' && typeof draft.value === 'number' ? draft.value : null;
  const [state, setState] = useState<{ id: number | null; columns: string[]; error: string | null }>({ id: null, columns: [], error: null });
  useEffect(() => {
    if (id === null) return;
    let live = true;
    sourceChartColumns(api, id).then(
      (columns) => live && setState({ id, columns, error: null }),
      (error: unknown) => live && setState({ id, columns: [], error: error instanceof Error ? error.message : 'The chart could not be read' }),
    );
    return () => {
      live = false;
    };
  }, [api, id]);
  return state.id === id ? state : { columns: [], error: null };
}

/** One layer's form: nothing is saved until it validates (a formula is compiled first); each wrong field says what is wrong. */
function LayerEditor({ initial, isNew, otherNames, api, onApply, onCancel }: LayerEditorProps) {
  const uid = useId();
  const first = useRef<HTMLInputElement>(null);
  // Opened by keyboard or pointer, the form takes the focus: its first field.
  useEffect(() => first.current?.focus(), []);
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<LayerErrors>({});
  const [checking, setChecking] = useState(false);
  const { columns, error: columnsError } = useChartColumns(api, draft);
  const [loaders] = useState(() => ({ native: annotationLayerOptions(api), table: sourceChartOptions(api, 'table'), line: sourceChartOptions(api, 'line') }));
  const set = (patch: Partial<LayerDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const errorId = (field: keyof LayerDraft) => `${uid}-${field}-error`;
  const invalid = (field: keyof LayerDraft) => ({ 'aria-invalid': Boolean(errors[field]), 'aria-describedby': errors[field] ? errorId(field) : undefined });
  const apply = async () => {
    const { layer, errors: found } = draftToLayer(draft, otherNames);
    if (layer && layer.annotationType === 'FORMULA') {
      setChecking(true);
      const problem = await checkAnnotationFormula(String(layer.value)).catch(() => 'The formula could not be checked (the evaluator did not download)');
      setChecking(false);
      if (problem) return setErrors({ value: problem });
    }
    setErrors(found);
    if (layer) onApply(layer);
  };
  const onEnter = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    // No keypress follows: it would reach 'Add annotation layer', focused once the form closes.
    e.preventDefault();
    void apply();
  };
  const field = (label: string, name: keyof LayerDraft, control: ReactNode) => (
    <label className="bi-cf-editor__field">
      {label}
      {control}
      <FieldError id={errorId(name)} message={errors[name]} />
    </label>
  );
  const choice = <T extends string>(label: string, name: keyof LayerDraft, options: ReadonlyArray<readonly [T, string]>, value: T, onPick: (v: T) => void) =>
    field(
      label,
      name,
      <select className="bi-input" aria-label={label} value={value} onChange={(e) => onPick(e.target.value as T)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>,
    );
  const check = (label: string, checked: boolean, onToggle: (v: boolean) => void) => (
    <label className="bi-annotation-editor__check">
      <input type="checkbox" checked={checked} onChange={(e) => onToggle(e.target.checked)} />
      {label}
    </label>
  );
  const { annotationType: type, sourceType: source } = draft;
  const columnOptions = columns.map((c) => ({ value: c, label: c }));
  const columnSelect = (label: string, name: 'timeColumn' | 'intervalEndColumn' | 'titleColumn') => (
    <div className="bi-cf-editor__field">
      <Select label={label} freeForm options={columnOptions} value={draft[name] || null} onChange={(v) => setDraft((d) => ({ ...d, [name]: v === null || v === undefined ? '' : String(v) }))} />
      <FieldError id={errorId(name)} message={errors[name]} />
    </div>
  );
  return (
    <div
      className="bi-popover bi-cf-editor bi-annotation-editor"
      role="group"
      aria-label={isNew ? 'New annotation layer' : `Edit annotation layer ${initial.name}`}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onCancel();
        }
      }}
    >
      {field('Name', 'name', <input ref={first} className="bi-input" aria-label="Name" {...invalid('name')} value={draft.name} onChange={(e) => set({ name: e.target.value })} onKeyDown={onEnter} />)}
      {choice('Annotation layer type', 'annotationType', ANNOTATION_TYPES, type, (t) => setDraft((d) => withType(d, t)))}
      {SOURCE_TYPES[type].length > 0 && choice('Annotation source', 'sourceType', SOURCE_TYPES[type], source, (s) => setDraft((d) => withSource(d, s)))}
      {type === 'FORMULA' ? (
        field(
          'Formula',
          'value',
          <>
            <input
              className="bi-input"
              aria-label="Formula"
              placeholder="2 * x + 5"
              {...invalid('value')}
              value={typeof draft.value === 'string' ? draft.value : ''}
              onChange={(e) => set({ value: e.target.value })}
              onKeyDown={onEnter}
            />
            <span className="bi-cf__hint">y as a formula of x, the time in milliseconds since 1970 (e.g. 2 * x + 5); pi, e, sqrt, log, min, max, comparisons and ? : are allowed.</span>
          </>,
        )
      ) : (
        <div className="bi-cf-editor__field">
          <Select
            key={source}
            label={source === 'NATIVE' ? 'Annotation layer' : 'Chart'}
            options={[]}
            loadOptions={source === 'NATIVE' ? loaders.native : source === 'table' ? loaders.table : loaders.line}
            value={draft.value}
            onChange={(v) => {
              const id = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : null;
              setDraft((d) => (source === 'NATIVE' ? { ...d, value: id } : withChart(d, id)));
            }}
          />
          <FieldError id={errorId('value')} message={errors.value} />
        </div>
      )}
      {source === 'table' && draft.value !== null && (
        <fieldset className="bi-annotation-editor__group">
          <legend>Columns of the chart's rows</legend>
          {columnsError && <p className="bi-field-error" role="alert">{columnsError}</p>}
          {columnSelect(type === 'INTERVAL' ? 'Interval start column' : 'Event time column', 'timeColumn')}
          {type === 'INTERVAL' && columnSelect('Interval end column', 'intervalEndColumn')}
          {columnSelect('Title column', 'titleColumn')}
          <div className="bi-cf-editor__field">
            <Select label="Description columns" multi freeForm options={columnOptions} value={draft.descriptionColumns} onChange={(v) => set({ descriptionColumns: Array.isArray(v) ? v.map(String) : [] })} />
          </div>
        </fieldset>
      )}
      <fieldset className="bi-annotation-editor__group">
        <legend>Display</legend>
        {check('Automatic color', draft.color === '', (auto) => set({ color: auto ? '' : '#000000' }))}
        {draft.color !== '' && field('Color', 'color', <input type="color" className="bi-annotation-editor__color" aria-label="Color" value={draft.color} onChange={(e) => set({ color: e.target.value })} />)}
        {choice('Line style', 'style', LINE_STYLES, draft.style, (style) => set({ style }))}
        {choice('Opacity', 'opacity', OPACITIES, draft.opacity, (opacity) => set({ opacity }))}
        {field('Line width', 'width', <input className="bi-input" type="number" min={0} aria-label="Line width" {...invalid('width')} value={draft.width} onChange={(e) => set({ width: e.target.value })} onKeyDown={onEnter} />)}
        {(type === 'EVENT' || type === 'INTERVAL') && check('Show label', draft.showLabel, (showLabel) => set({ showLabel }))}
        {type === 'TIME_SERIES' && check('Show markers', draft.showMarkers, (showMarkers) => set({ showMarkers }))}
        {type === 'TIME_SERIES' && check('Hide line', draft.hideLine, (hideLine) => set({ hideLine }))}
        {check('Hide layer', !draft.show, (hide) => set({ show: !hide }))}
      </fieldset>
      <div className="bi-popover__actions">
        <button type="button" className="bi-button" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="bi-button bi-button--primary" disabled={checking} onClick={() => void apply()}>
          {isNew ? 'Add' : 'Apply'}
        </button>
      </div>
    </div>
  );
}

/**
 * @example
 * <AnnotationLayersControl label="Annotation layers" value={fd.annotation_layers} api={client} onChange={(layers) => set('annotation_layers', layers)} />
 */
export function AnnotationLayersControl({ label, value, api, onChange }: AnnotationLayersControlProps) {
  const layers = asLayers(value);
  // Index of the layer being edited; layers.length means a new one.
  const [editing, setEditing] = useState<number | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  // A closed form (applied, cancelled, Escape) gives the focus back to the control, not to the page.
  useEffect(() => {
    if (wasEditing.current && editing === null) addButton.current?.focus();
    wasEditing.current = editing !== null;
  }, [editing]);
  const save = (layer: AnnotationLayer) => {
    onChange(editing === null || editing >= layers.length ? [...layers, layer] : layers.map((l, i) => (i === editing ? layer : l)));
    setEditing(null);
  };
  return (
    <div className="bi-cf bi-annotation-layers" aria-label={label} role="group">
      {layers.length > 0 ? (
        <ul className="bi-cf__rules" aria-label={`${label} list`}>
          {layers.map((layer, i) => (
            <li key={`${i}-${layer.name}`} className="bi-cf__rule">
              <span className="bi-cf-swatch" style={{ background: layer.color || 'transparent' }} aria-hidden="true" />
              <span className="bi-cf__summary">{describeLayer(layer)}</span>
              <button type="button" className="bi-button" aria-label={`Edit annotation layer ${layer.name}`} onClick={() => setEditing(i)}>
                Edit
              </button>
              <button type="button" className="bi-button" aria-label={`Remove annotation layer ${layer.name}`} onClick={() => onChange(layers.filter((_, j) => j !== i))}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : (
        editing === null && <p className="bi-cf__hint">No annotation layers: add a formula, events, intervals or another chart's series.</p>
      )}
      {editing !== null ? (
        <LayerEditor
          key={editing}
          isNew={editing >= layers.length}
          initial={layerToDraft(layers[editing] ?? null)}
          otherNames={layers.filter((_, i) => i !== editing).map((l) => l.name)}
          api={api}
          onApply={save}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <button ref={addButton} type="button" className="bi-button" onClick={() => setEditing(layers.length)}>
          Add annotation layer
        </button>
      )}
    </div>
  );
}
