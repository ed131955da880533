import type { ChartRegistry } from '@lumen-bi/charts';
import { useMemo, useState } from 'react';
import { Modal } from '../components/modal';
import { vizTypesByCategory } from '../create/viz-gallery';

export interface VizTypePickerProps {
  registry: ChartRegistry;
  value: string;
  onChange(vizType: string): void;
}

/**
 * The current viz type and a gallery of every registered one with its thumbnail, under its category as in the
 * incumbent's picker (the same grouping and search as 'Create a new chart').
 * Thumbnails are the plugins' own inline SVG strings, which the plugin contract keeps script-free.
 *
 * @example
 * <VizTypePicker registry={registry} value={fd.viz_type} onChange={store.setVizType} />
 */
export function VizTypePicker({ registry, value, onChange }: VizTypePickerProps) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const current = registry.has(value) ? registry.get(value).metadata : null;
  const groups = useMemo(() => vizTypesByCategory(registry, search), [registry, search]);
  return (
    <div className="bi-viz-picker">
      <span className="bi-control__label">Chart type</span>
      <button type="button" className="bi-button bi-viz-picker__current" onClick={() => setOpen(true)} aria-label={`Chart type: ${current?.name ?? value}`}>
        {current ? <span className="bi-thumb" aria-hidden="true" dangerouslySetInnerHTML={{ __html: current.thumbnail }} /> : null}
        {current?.name ?? value}
      </button>
      <Modal title="Change chart type" show={open} onHide={() => setOpen(false)} responsive footer={<button type="button" className="bi-button" onClick={() => setOpen(false)}>Close</button>}>
        <input className="bi-input" type="search" aria-label="Search chart types" placeholder="Search all charts" value={search} onChange={(e) => setSearch(e.target.value)} />
        {groups.length === 0 && <p className="bi-viz-gallery__none">No chart type matches “{search.trim()}”.</p>}
        {groups.map(([category, metas]) => (
          <section key={category} className="bi-viz-gallery__category" aria-labelledby={`bi-viz-category-${category}`}>
            <h3 className="bi-viz-gallery__heading" id={`bi-viz-category-${category}`}>
              {category}
            </h3>
            {/* Toggle buttons in a list (the current type pressed), as on 'Create a new chart': a listbox may
                not hold buttons, and each type is a button to press. */}
            <ul className="bi-viz-gallery" aria-label={category}>
              {metas.map((meta) => (
                <li key={meta.vizType}>
                  <button
                    type="button"
                    aria-pressed={meta.vizType === value}
                    className={`bi-viz-gallery__item${meta.vizType === value ? ' bi-viz-gallery__item--selected' : ''}`}
                    title={meta.description}
                    data-viz-type={meta.vizType}
                    onClick={() => {
                      onChange(meta.vizType);
                      setOpen(false);
                    }}
                  >
                    <span className="bi-thumb" aria-hidden="true" dangerouslySetInnerHTML={{ __html: meta.thumbnail }} />
                    <span>{meta.name}</span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </Modal>
    </div>
  );
}
