import type { ChartPlugin } from '@lumen-bi/charts';
import type { ApiClient, QueryFormData } from '@lumen-bi/core';
import { ControlField } from './control-field';
import { controlPanelOf, timeSection } from './explore-form-data';
import type { DatasourceMetadata } from './explore-types';

export interface ControlPanelProps {
  plugin: ChartPlugin;
  formData: QueryFormData;
  datasource: DatasourceMetadata;
  errors: Record<string, string[]>;
  /** For controls that read saved objects (deck_multi's chart picker). */
  api?: ApiClient;
  onChange(name: string, value: unknown): void;
}

/**
 * The plugin's declared control panel (after Explore's own 'Time' section where the plugin has none): sections (collapsible, open as declared) of rows of controls,
 * each shown only when its visibility rule holds for the current form data.
 *
 * @example
 * <ControlPanel plugin={plugin} formData={fd} datasource={ds} errors={errors} onChange={store.setControl} />
 */
export function ControlPanel({ plugin, formData, datasource, errors, api, onChange }: ControlPanelProps) {
  const time = timeSection(plugin, datasource);
  const { sections: declared } = controlPanelOf(plugin);
  const sections = time ? [time, ...declared] : declared;
  return (
    <div className="bi-control-panel">
      {sections.map((section) => (
        <details key={section.label} className="bi-control-section" open={section.expanded}>
          <summary>{section.label}</summary>
          {section.controlSetRows.map((row, index) => {
            const visible = row.filter(({ config }) => !config.visibility || config.visibility(formData));
            if (visible.length === 0) return null;
            return (
              <div className="bi-control-row" key={index}>
                {visible.map(({ name, config }) => (
                  <ControlField key={name} name={name} config={config} value={formData[name]} datasource={datasource} formData={formData} errors={errors[name]} api={api} onChange={(v) => onChange(name, v)} />
                ))}
              </div>
            );
          })}
        </details>
      ))}
    </div>
  );
}
