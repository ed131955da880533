import { ErrorType, LumenError } from '../errors';
import type { AssetKind } from './bundle-contents';

/**
 * Validation problems of an import, keyed by bundle path, answered all at once as the incumbent does
 * (a 422 whose one error carries `extra: {'databases/x.yaml': {_schema: [...]}, issue_codes}`), so a client
 * can ask for every missing password in one dialog.
 */
export const PASSWORD_REQUIRED = 'Must provide a password for the database';
export const SSH_PASSWORD_REQUIRED = 'Must provide a password for the ssh tunnel';
export const SSH_KEY_REQUIRED = 'Must provide a private key for the ssh tunnel';
export const SSH_KEY_PASSWORD_REQUIRED = 'Must provide a private key password for the ssh tunnel';

const ISSUE_CODES = [{ code: 1010, message: 'Issue 1010 - Lumen encountered an error while running a command.' }];

const THINGS: Record<AssetKind | 'assets', string> = {
  assets: 'assets',
  database: 'database',
  dataset: 'dataset',
  chart: 'chart',
  dashboard: 'dashboard',
  saved_query: 'saved query',
};
const TITLES: Record<AssetKind, string> = { database: 'Database', dataset: 'Dataset', chart: 'Chart', dashboard: 'Dashboard', saved_query: 'Saved query' };

/**
 * The incumbent's exact per-file phrase. Spec 1 §5 words the client's check as 'already exists and
 * overwrite was not passed'; the top-level message carries that phrasing so both substring checks match.
 */
export const alreadyExists = (kind: AssetKind): string => `${TITLES[kind]} already exists and \`overwrite=true\` was not passed`;

export class ImportProblems {
  private readonly schema = new Map<string, string[]>();
  private readonly plain = new Map<string, string>();

  constructor(private readonly kind: AssetKind | 'assets') {}

  /** A schema-level problem of a file (shown by the incumbent's UI under `_schema`). */
  add(path: string, message: string): void {
    const list = this.schema.get(path) ?? [];
    if (!list.includes(message)) list.push(message);
    this.schema.set(path, list);
  }

  /** The file's object exists and overwrite was not asked for. */
  exists(path: string, kind: AssetKind): void {
    this.plain.set(path, alreadyExists(kind));
  }

  get empty(): boolean {
    return this.schema.size === 0 && this.plain.size === 0;
  }

  /** 422 in the incumbent's shape; the message lists the distinct problems for clients that read only it. */
  toError(): LumenError {
    const extra: Record<string, unknown> = {};
    for (const [path, message] of this.plain) extra[path] = message;
    for (const [path, messages] of this.schema) extra[path] = { _schema: messages };
    extra.issue_codes = ISSUE_CODES;
    const distinct = [...new Set([...this.schema.values()].flat())];
    for (const path of this.plain.keys()) distinct.push(`${path} already exists and overwrite was not passed`);
    const message = `Error importing ${THINGS[this.kind]}: ${distinct.join('; ')}`;
    return new LumenError(422, message, ErrorType.GENERIC_COMMAND_ERROR, extra, 'warning');
  }
}
