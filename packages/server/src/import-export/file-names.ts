/**
 * File names inside an export bundle. The incumbent runs every name through werkzeug's secure_filename, so
 * "Vaccine Candidates per Approach & Stage" becomes "Vaccine_Candidates_per_Approach__Stage"; doing the same
 * keeps our bundles diffable against theirs and keeps every path a single safe segment.
 */

/**
 * ASCII-only, whitespace runs to "_", anything outside [A-Za-z0-9_.-] dropped, leading/trailing "._" trimmed.
 *
 * @example
 * secureFilename('Sales Dashboard / 2024') // 'Sales_Dashboard_2024'
 */
export function secureFilename(name: string): string {
  const ascii = name.normalize('NFKD').replace(/[^\x00-\x7f]/g, '');
  const spaced = ascii.replace(/[/\\]/g, ' ');
  const joined = spaced.split(/\s+/).filter(Boolean).join('_');
  return joined.replace(/[^A-Za-z0-9_.-]/g, '').replace(/^[._]+|[._]+$/g, '');
}

/** A secure name, never empty (an all-symbol title would otherwise give ".yaml"). */
export function fileStem(name: string | null | undefined, fallback: string): string {
  return secureFilename(name ?? '') || fallback;
}

/** The bundle's root folder: `{type}_export_{YYYYMMDDTHHMMSS}` in UTC, as the incumbent names it. */
export function exportRootName(type: string, now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, '');
  return `${type}_export_${stamp}`;
}
