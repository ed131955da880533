import type { ChartMetadata, ChartRegistry } from '@lumen-bi/charts';
import { useMemo, useState } from 'react';

export interface VizGalleryProps {
  registry: ChartRegistry;
  value: string | null;
  onChange(vizType: string): void;
}

/** The registry's chart types grouped by their metadata's category, categories and names in order. */
export function vizTypesByCategory(registry: ChartRegistry, search: string): [string, ChartMetadata[]][] {
  const needle = search.trim().toLowerCase();
  const matches = (m: ChartMetadata) =>
    !needle || m.name.toLowerCase().includes(needle) || m.vizType.includes(needle) || m.category.toLowerCase().includes(needle) || m.tags.some((t) => t.toLowerCase().includes(needle));
  const groups = new Map<string, ChartMetadata[]>();
  for (const type of registry.list()) {
    const meta = registry.get(type).metadata;
    if (!matches(meta)) continue;
    groups.set(meta.category, [...(groups.get(meta.category) ?? []), meta]);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([category, metas]) => [category, metas.sort((a, b) => a.name.localeCompare(b.name))]);
}

/**
 * The chart type gallery of 'Create a new chart': a search box, then every registered chart type under its
 * category with its thumbnail and name. Each type is a toggle button (aria-pressed), so a keyboard user
 * tabs to it and presses Enter or Space. Thumbnails are the plugins' script-free inline SVG.
 *
 * @example
 * <VizGallery registry={registry} value={vizType} onChange={setVizType} />
 */
export function VizGallery({ registry, value, onChange }: VizGalleryProps) {
  const [search, setSearch] = useState('');
  const groups = useMemo(() => vizTypesByCategory(registry, search), [registry, search]);
  const selected = value && registry.has(value) ? registry.get(value).metadata : null;
  return (
    <div className="bi-create__gallery">
      <div className="bi-create__gallery-tools">
        <input className="bi-input" type="search" aria-label="Search all charts" placeholder="Search all charts" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      {groups.length === 0 && <p className="bi-create__hint">No chart type matches “{search.trim()}”.</p>}
      {groups.map(([category, metas]) => (
        <section key={category} aria-label={category}>
          <h3 className="bi-create__category">{category}</h3>
          <ul className="bi-create__viz">
            {metas.map((meta) => (
              <li key={meta.vizType}>
                <button type="button" className="bi-create__viz-item" aria-pressed={meta.vizType === value} title={meta.description} data-viz-type={meta.vizType} onClick={() => onChange(meta.vizType)}>
                  <span className="bi-thumb" aria-hidden="true" dangerouslySetInnerHTML={{ __html: meta.thumbnail }} />
                  <span>{meta.name}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {selected && (
        <p className="bi-create__selected" aria-live="polite">
          <strong>{selected.name}</strong> ({selected.category}): {selected.description}
        </p>
      )}
    </div>
  );
}
