/** Chart-data response -> handlebars props: the template run over the rows. */
import { getRecords, getRowcount } from '../../shared/records';
import { rowGate } from '../../shared/row-threshold';
import { DEFAULT_CHART_THEME, type TransformPropsInput } from '../../types';
import { DEFAULT_TEMPLATE, renderTemplate } from './template';
import type { HandlebarsProps } from './types';

/**
 * The template sees `data`, the result's rows, as in the incumbent.
 *
 * @example
 * transformHandlebarsProps({ formData: { handlebarsTemplate: '{{data.length}} rows' }, queriesData: [{ data: [{}, {}] }], ... }).html; // '2 rows'
 */
export function transformHandlebarsProps(input: TransformPropsInput): HandlebarsProps {
  const source = typeof input.formData.handlebarsTemplate === 'string' && input.formData.handlebarsTemplate.trim() ? input.formData.handlebarsTemplate : DEFAULT_TEMPLATE;
  const data = getRecords(input.queriesData);
  return {
    width: input.width,
    height: input.height,
    theme: input.theme ?? DEFAULT_CHART_THEME,
    gate: rowGate(getRowcount(input.queriesData), input.confirmedLargeRender),
    ariaLabel: 'Handlebars template',
    html: renderTemplate(source, { data }),
    styleTemplate: typeof input.formData.styleTemplate === 'string' ? input.formData.styleTemplate : '',
  };
}
