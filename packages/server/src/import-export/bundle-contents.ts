import { badRequest } from '../errors';
import { DEFAULT_PARSE_LIMITS, type ParseLimits } from '../parse-worker/parse-limits';
import type { BundleFiles } from './bundle-archive';
import { parseBoundedYaml } from './bounded-yaml';

/**
 * The parsed YAML of a bundle, grouped by kind. Keys are bundle paths so every error can name its file,
 * the way the incumbent keys its import errors.
 */
export type AssetKind = 'database' | 'dataset' | 'chart' | 'dashboard' | 'saved_query';
export type Config = Record<string, unknown>;

export interface BundleContents {
  metadata: { version: string; type: string | null; timestamp: string | null };
  configs: Record<AssetKind, Map<string, Config>>;
}

export const SUPPORTED_VERSION = '1.0.0';

/** metadata.yaml `type` of each kind: the incumbent's model class names. */
export const METADATA_TYPES: Record<AssetKind, string> = {
  database: 'Database',
  dataset: 'SqlaTable',
  chart: 'Slice',
  dashboard: 'Dashboard',
  saved_query: 'SavedQuery',
};

const FOLDERS: [string, AssetKind][] = [
  ['databases/', 'database'],
  ['datasets/', 'dataset'],
  ['charts/', 'chart'],
  ['dashboards/', 'dashboard'],
  ['queries/', 'saved_query'],
];

const isObject = (value: unknown): value is Config => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Where a lone uploaded document belongs, judged by the keys only that kind has. */
function kindOfDocument(doc: Config): AssetKind | null {
  if ('dashboard_title' in doc) return 'dashboard';
  if ('slice_name' in doc) return 'chart';
  if ('table_name' in doc) return 'dataset';
  if ('database_name' in doc && 'sqlalchemy_uri' in doc) return 'database';
  if ('label' in doc && 'sql' in doc) return 'saved_query';
  return null;
}

function checkVersion(version: unknown, path: string): string {
  if (version === undefined || version === null) throw badRequest(`${path} has no version; expected version ${SUPPORTED_VERSION}`);
  const text = String(version);
  if (text !== SUPPORTED_VERSION) throw badRequest(`Unsupported bundle version ${text} in ${path}: only ${SUPPORTED_VERSION} can be imported`);
  return text;
}

/**
 * Parses and sorts bundle files. Refuses with 400: no metadata.yaml, a version other than 1.0.0, malformed
 * YAML, a config that is not a mapping, a file over a parse limit (bounded-yaml.ts). Files outside the five
 * asset folders are ignored, as the incumbent ignores them.
 *
 * @example
 * const contents = parseBundle(files);
 * contents.configs.chart.get('charts/Pie_12.yaml')?.slice_name
 */
export function parseBundle(files: BundleFiles, single: boolean, limits: ParseLimits = DEFAULT_PARSE_LIMITS, onFile?: (path: string) => void): BundleContents {
  // onFile lets the parse worker report the file in hand, so a time limit can name it.
  const parseYaml = (text: string, path: string) => {
    onFile?.(path);
    return parseBoundedYaml(text, path, limits);
  };
  const configs: BundleContents['configs'] = {
    database: new Map(),
    dataset: new Map(),
    chart: new Map(),
    dashboard: new Map(),
    saved_query: new Map(),
  };
  if (single) {
    const doc = parseYaml(files.get('single') ?? '', 'the uploaded file');
    if (!isObject(doc)) throw badRequest('The uploaded file is not a YAML or JSON mapping');
    const kind = kindOfDocument(doc);
    if (!kind) throw badRequest('The uploaded file is not a dashboard, chart, dataset, database or saved query export');
    const version = checkVersion(doc.version, 'the uploaded file');
    configs[kind].set(`${FOLDERS.find(([, k]) => k === kind)![0]}uploaded.yaml`, doc);
    return { metadata: { version, type: METADATA_TYPES[kind], timestamp: null }, configs };
  }
  const metadataText = files.get('metadata.yaml');
  if (metadataText === undefined) throw badRequest('Missing metadata.yaml: the bundle is not an export (no metadata.yaml at its root)');
  const metadata = parseYaml(metadataText, 'metadata.yaml');
  if (!isObject(metadata)) throw badRequest('metadata.yaml is not a mapping');
  const version = checkVersion(metadata.version, 'metadata.yaml');
  for (const [path, text] of files) {
    const folder = FOLDERS.find(([prefix]) => path.startsWith(prefix));
    if (!folder) continue;
    const doc = parseYaml(text, path);
    if (!isObject(doc)) throw badRequest(`${path} is not a YAML mapping`);
    configs[folder[1]].set(path, doc);
  }
  return {
    metadata: {
      version,
      type: typeof metadata.type === 'string' ? metadata.type : null,
      timestamp: metadata.timestamp === undefined || metadata.timestamp === null ? null : String(metadata.timestamp),
    },
    configs,
  };
}
