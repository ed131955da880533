/**
 * The deck charts' viewport control (form data `viewport`: longitude, latitude, zoom, pitch, bearing,
 * saved with the chart): five labelled number fields within their ranges, a field out of range marked
 * invalid (the 'viewport' validator names it under the control), and a button that takes the view the
 * map shows now (the chart's DECK_VIEW_EVENT after each pan or zoom).
 */
import { DECK_VIEW_EVENT, DEFAULT_VIEWPORT, VIEWPORT_RANGES, type DeckViewport } from '@lumen-bi/charts';
import { useEffect, useId, useState } from 'react';

const FIELDS: ReadonlyArray<readonly [keyof DeckViewport, string, number]> = [
  ['longitude', 'Longitude', 0.00001],
  ['latitude', 'Latitude', 0.00001],
  ['zoom', 'Zoom', 0.01],
  ['pitch', 'Pitch', 0.1],
  ['bearing', 'Bearing', 0.1],
];

type SavedViewport = Partial<Record<keyof DeckViewport, number>>;

/** The saved fields that are numbers (anything else shows as empty, the default's value as placeholder). */
export function readViewportFields(value: unknown): SavedViewport {
  const v = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const out: SavedViewport = {};
  for (const [key] of FIELDS) if (typeof v[key] === 'number' && Number.isFinite(v[key])) out[key] = v[key] as number;
  return out;
}

const outOfRange = (key: keyof DeckViewport, n: number | undefined) => n !== undefined && (n < VIEWPORT_RANGES[key][0] || n > VIEWPORT_RANGES[key][1]);

export interface ViewportControlProps {
  label: string;
  value: unknown;
  onChange(value: SavedViewport): void;
}

/**
 * @example
 * <ViewportControl label="Viewport" value={fd.viewport} onChange={set} />
 */
export function ViewportControl({ label, value, onChange }: ViewportControlProps) {
  const saved = readViewportFields(value);
  const id = useId();
  const [mapView, setMapView] = useState<DeckViewport | null>(null);
  useEffect(() => {
    const listener = (event: Event) => setMapView((event as CustomEvent<DeckViewport>).detail);
    document.addEventListener(DECK_VIEW_EVENT, listener);
    return () => document.removeEventListener(DECK_VIEW_EVENT, listener);
  }, []);
  const set = (key: keyof DeckViewport, text: string) => {
    const next = { ...saved };
    if (text.trim() === '') delete next[key];
    else next[key] = Number(text);
    onChange(next);
  };
  return (
    <fieldset className="bi-viewport" aria-label={label}>
      <div className="bi-viewport__fields">
        {FIELDS.map(([key, fieldLabel, step]) => (
          <label key={key} className="bi-viewport__field" htmlFor={`${id}-${key}`}>
            <span>{fieldLabel}</span>
            <input
              id={`${id}-${key}`}
              className="bi-input"
              type="number"
              min={VIEWPORT_RANGES[key][0]}
              max={VIEWPORT_RANGES[key][1]}
              step={step}
              placeholder={String(DEFAULT_VIEWPORT[key])}
              aria-invalid={outOfRange(key, saved[key]) || undefined}
              value={saved[key] ?? ''}
              onChange={(e) => set(key, e.target.value)}
            />
          </label>
        ))}
      </div>
      <button type="button" className="bi-button bi-button--secondary" disabled={!mapView} onClick={() => mapView && onChange({ ...mapView })}>
        Use the map's current view
      </button>
    </fieldset>
  );
}
