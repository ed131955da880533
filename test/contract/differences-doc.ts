import { ALLOWED_DIFFERENCES, type AllowedDifference } from './allowed-differences';
import { INCUMBENT_ERRATA, type Erratum } from './incumbent-errata';

export const DIFFERENCES_START = '<!-- contract-differences:start -->';
export const DIFFERENCES_END = '<!-- contract-differences:end -->';

const cell = (text: string) => text.replace(/\|/g, '\\|');
const codeList = (items: string[]) => items.map((item) => `\`${item}\``).join(', ');

/** One row per reason: the endpoints and pointers it covers, in the list's order. */
function groupByReason(allowed: AllowedDifference[]): { endpoints: string[]; pointers: string[]; reason: string }[] {
  const rows = new Map<string, { endpoints: Set<string>; pointers: Set<string> }>();
  for (const d of allowed) {
    const row = rows.get(d.reason) ?? { endpoints: new Set(), pointers: new Set() };
    row.endpoints.add(d.endpoint);
    row.pointers.add(d.pointer);
    rows.set(d.reason, row);
  }
  return [...rows].map(([reason, row]) => ({ endpoints: [...row.endpoints], pointers: [...row.pointers], reason }));
}

/**
 * The docs/rest-api.md section listing the contract suite's errata (where the incumbent's document is wrong
 * about the incumbent) and allowed differences (endpoint, JSON pointer, reason), in their files' order.
 */
export function renderDifferencesSection(errata: Erratum[] = INCUMBENT_ERRATA, allowed: AllowedDifference[] = ALLOWED_DIFFERENCES): string {
  return [
    DIFFERENCES_START,
    'Errata of the incumbent\'s OpenAPI document, applied before checking (`test/contract/incumbent-errata.ts`):',
    '',
    ...errata.map((e) => `- **${e.name}.** ${e.reason}`),
    '',
    'Allowed differences (`test/contract/allowed-differences.ts`; `*` is any text in an endpoint, any one segment in a pointer):',
    '',
    '| endpoints | where | reason |',
    '| --- | --- | --- |',
    ...groupByReason(allowed).map(({ endpoints, pointers, reason }) => `| ${codeList(endpoints)} | ${codeList(pointers)} | ${cell(reason)} |`),
    DIFFERENCES_END,
  ].join('\n');
}

/** The section as the markdown carries it now, or null. */
export function documentedDifferences(markdown: string): string | null {
  const start = markdown.indexOf(DIFFERENCES_START);
  const end = markdown.indexOf(DIFFERENCES_END);
  return start < 0 || end < 0 ? null : markdown.slice(start, end + DIFFERENCES_END.length);
}
