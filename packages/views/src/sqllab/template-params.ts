/**
 * Template parameters are JSON text in the tab (spec 3 §5): unparseable text is omitted on SQL validation
 * and becomes {} for a cost estimate.
 */
export function parseTemplateParams(text: string): Record<string, unknown> | null {
  if (!text.trim()) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** For validate_sql: the parsed object, or undefined so the field is left out. */
export const templateParamsForValidation = (text: string): Record<string, unknown> | undefined => parseTemplateParams(text) ?? undefined;

/** For estimate: the parsed object, or {}. */
export const templateParamsForEstimate = (text: string): Record<string, unknown> => parseTemplateParams(text) ?? {};
