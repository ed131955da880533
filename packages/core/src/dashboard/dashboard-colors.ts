/**
 * Dashboard colour settings (json_metadata colour fields, spec 2 §3) and their validation (spec 2 §5).
 * charts has its own picker helper; this one lives in core because the server validates the same rule.
 */

export const INVALID_COLOR_MESSAGE = 'Invalid color';
const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const RGB = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/;

/**
 * Whether a colour is `rgb(r, g, b)` (channels 0..255) or 3/6-digit hex.
 *
 * @example
 * isValidColor('#1FA8C9'); // true
 * isValidColor('rgb(300, 0, 0)'); // false
 */
export function isValidColor(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const v = value.trim();
  if (HEX.test(v)) return true;
  const m = RGB.exec(v);
  return m !== null && [m[1], m[2], m[3]].every((c) => Number(c) <= 255);
}

/** The colour fields PUT /dashboard/{id}/colors accepts. */
export const DASHBOARD_COLOR_FIELDS = [
  'color_namespace',
  'color_scheme',
  'color_scheme_domain',
  'shared_label_colors',
  'map_label_colors',
  'label_colors',
] as const;
export type DashboardColorField = (typeof DASHBOARD_COLOR_FIELDS)[number];

export interface DashboardColorIssue {
  field: string;
  message: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Problems with a colour settings payload: unknown fields, wrong types, and 'Invalid color' for each bad
 * colour value (label -> colour maps and the scheme domain).
 *
 * @example
 * validateDashboardColors({ label_colors: { Boys: 'blue' } });
 * // [{ field: 'label_colors.Boys', message: 'Invalid color' }]
 */
export function validateDashboardColors(payload: Record<string, unknown>): DashboardColorIssue[] {
  const issues: DashboardColorIssue[] = [];
  for (const [field, value] of Object.entries(payload)) {
    if (!(DASHBOARD_COLOR_FIELDS as readonly string[]).includes(field)) {
      issues.push({ field, message: `Unknown field '${field}'; allowed: ${DASHBOARD_COLOR_FIELDS.join(', ')}` });
      continue;
    }
    if (value === null || value === undefined) continue;
    switch (field as DashboardColorField) {
      case 'color_namespace':
      case 'color_scheme':
        if (typeof value !== 'string') issues.push({ field, message: `${field} must be a string` });
        break;
      case 'shared_label_colors':
        // The incumbent stored a label -> colour map here before it became a list of labels; accept both.
        if (Array.isArray(value)) {
          if (!value.every((v) => typeof v === 'string')) issues.push({ field, message: `${field} must be a list of labels` });
        } else if (isObject(value)) {
          for (const [label, c] of Object.entries(value)) if (!isValidColor(c)) issues.push({ field: `${field}.${label}`, message: INVALID_COLOR_MESSAGE });
        } else {
          issues.push({ field, message: `${field} must be a list of labels` });
        }
        break;
      case 'color_scheme_domain':
        if (!Array.isArray(value)) issues.push({ field, message: `${field} must be a list of colours` });
        else value.forEach((c, i) => !isValidColor(c) && issues.push({ field: `${field}[${i}]`, message: INVALID_COLOR_MESSAGE }));
        break;
      case 'label_colors':
      case 'map_label_colors':
        if (!isObject(value)) issues.push({ field, message: `${field} must be an object of label -> colour` });
        else for (const [label, c] of Object.entries(value)) if (!isValidColor(c)) issues.push({ field: `${field}.${label}`, message: INVALID_COLOR_MESSAGE });
        break;
    }
  }
  return issues;
}
