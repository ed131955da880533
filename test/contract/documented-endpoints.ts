import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HttpMethod } from './incumbent-openapi';

export const REST_API_DOC = join(import.meta.dirname, '..', '..', 'docs', 'rest-api.md');

/** One method on one path template as docs/rest-api.md writes it (`GET /api/v1/chart/{id}`). */
export interface DocumentedEndpoint {
  method: HttpMethod;
  path: string;
  /** `GET /api/v1/chart/{id}`: how fixtures, recorded shapes and failures name it. */
  key: string;
}

const METHOD_WORDS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']);
const codeSpans = (text: string): string[] => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
/** `/api/v1/query/stop {client_id}` and `/x?q=...` name the path `/api/v1/query/stop`, `/x`. */
const stripQuery = (path: string) => path.replace(/[?\s].*$/, '');
const isParam = (segment: string) => /^\{[^}]+\}$/.test(segment);
const withoutTrailingSlash = (path: string) => (path.length > 1 ? path.replace(/\/$/, '') : path);

/** `/a/[{b}/]` → `/a/`, `/a/{b}/`; `/related/{x,y}` → `/related/x`, `/related/y` (literal alternatives). */
export function expandPathNotation(path: string): string[] {
  const optional = path.match(/\[([^\]]+)\]/);
  if (optional) {
    const without = path.replace(optional[0], '');
    const withPart = path.replace(optional[0], optional[1]!);
    return [...expandPathNotation(without), ...expandPathNotation(withPart)];
  }
  const alternatives = path.match(/\{([^}]*,[^}]*)\}/);
  if (alternatives) return alternatives[1]!.split(',').flatMap((word) => expandPathNotation(path.replace(alternatives[0], word.trim())));
  return [path];
}

/**
 * A span after the first one in a table cell is short for a path under the first: `/{id}`, `/_info`,
 * `/related/...`, `/distinct/...` and `/` hang off the collection (the path before its first parameter);
 * anything else (`/schemas/` after `/api/v1/database/{id}/catalogs/`) hangs off the item (up to its last
 * parameter).
 */
function resolveRelative(base: string, relative: string): string {
  const segments = withoutTrailingSlash(base).split('/');
  const firstParam = segments.findIndex(isParam);
  const collection = firstParam < 0 ? segments.join('/') : segments.slice(0, firstParam).join('/');
  const lastParam = segments.findLastIndex(isParam);
  const item = lastParam < 0 ? segments.join('/') : segments.slice(0, lastParam + 1).join('/');
  const onCollection = relative === '/' || /^\/(\{|_info|related\/|distinct\/)/.test(relative);
  return `${onCollection ? collection : item}${relative}`;
}

const firstSegment = (path: string) => path.split('/')[1];

/** The paths one table cell names, shorthand resolved against the cell's first path (or the section's base). */
export function pathsOfCell(cell: string, sectionBase: string | null): string[] {
  const spans = codeSpans(cell).filter((s) => s.startsWith('/')).map(stripQuery);
  const out: string[] = [];
  let base: string | null = sectionBase;
  for (const span of spans) {
    const absolute = /^\/(api|superset)\//.test(span) || (sectionBase === null && (base === null || firstSegment(span) === firstSegment(base)));
    const path = absolute ? span : resolveRelative(base!, span);
    if (absolute && sectionBase === null && base === null) base = span;
    out.push(...expandPathNotation(path));
  }
  return out;
}

const tableCells = (line: string) => line.replace(/^\||\|$/g, '').split(/(?<!\\)\|/).map((c) => c.trim());

/** Endpoints of one table row: `GET, POST` apply to every path; `POST; GET` pair with `;`-separated groups. */
function endpointsOfRow(cells: string[], sectionBase: string | null): { method: HttpMethod; path: string }[] {
  const [methodCell = '', pathCell = ''] = cells;
  if (/WebSocket/i.test(methodCell)) return []; // an upgrade, not a REST call: its own tests cover it
  const groups = methodCell.split(';').map((g) => g.split(',').map((w) => w.trim()).filter((w) => METHOD_WORDS.has(w)) as HttpMethod[]);
  const pathGroups = groups.length > 1 ? pathCell.split(/`;\s*`/).map((p, i, all) => (i > 0 ? '`' : '') + p + (i < all.length - 1 ? '`' : '')) : [pathCell];
  return groups.flatMap((methods, i) => pathsOfCell(pathGroups[i] ?? '', sectionBase).flatMap((path) => methods.map((method) => ({ method, path }))));
}

/**
 * Every method + path docs/rest-api.md lists in its tables. A section whose introduction says its routes
 * are served `under /api/v1/{resource}/` for named resources (`chart`, `dashboard`, ...) has its table
 * expanded once per resource. Methods are crossed with the paths of their row, so callers keep only the
 * combinations the server routes (see `servedByLumen`).
 */
export function parseDocumentedEndpoints(markdown = readFileSync(REST_API_DOC, 'utf8')): DocumentedEndpoint[] {
  const found = new Map<string, DocumentedEndpoint>();
  const sections = markdown.split(/^## /m);
  for (const section of sections) {
    const lines = section.split('\n');
    const intro = lines.filter((l) => !l.startsWith('|')).join(' ');
    const base = codeSpans(intro).find((s) => s.includes('{resource}'));
    const resources = base ? codeSpans(intro.slice(0, intro.indexOf('are declared'))).filter((s) => /^[a-z_]+$/.test(s)) : [];
    const bases = base ? resources.map((r) => withoutTrailingSlash(base.replace('{resource}', r))) : [null];
    for (const line of lines.filter((l) => /^\|\s*[A-Z]/.test(l))) {
      for (const sectionBase of bases) {
        for (const { method, path } of endpointsOfRow(tableCells(line), sectionBase)) {
          const normal = `${method} ${path.replace(/\{[^}]+\}/g, '{}')}`;
          if (!found.has(normal)) found.set(normal, { method, path, key: `${method} ${path}` });
        }
      }
    }
  }
  return [...found.values()];
}

/** The Fastify form of a template (`{id}` → `:id`), for `app.hasRoute`, which ignores parameter names. */
export const fastifyPath = (template: string) => template.replace(/\{([^}]+)\}/g, ':$1');
