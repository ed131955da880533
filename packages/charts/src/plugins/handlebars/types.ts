/** Types of the handlebars chart. */
import type { BaseChartProps } from '../../shared/mount';

/** Render props of the handlebars chart. */
export interface HandlebarsProps extends BaseChartProps {
  /** The template's output, not yet sanitised: render passes it through the markdown whitelist. */
  html: string;
  /** The saved styleTemplate (CSS), not yet sanitised: render scopes it to this chart through sanitizeCss. */
  styleTemplate: string;
}
