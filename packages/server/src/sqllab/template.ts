import { ErrorType, LumenError } from '../errors';
import { tokenize } from './tokens';

/**
 * SQL Lab's template parameters: `{{ name }}` placeholders filled from the tab's templateParams (a JSON
 * object). This is deliberately not Jinja: there are no expressions, loops or filters to evaluate, only
 * values, and every value is rendered as a properly quoted SQL literal for the place it appears in —
 * inside a string literal it is escaped into the literal, in code it becomes a literal (strings quoted,
 * numbers and booleans as such, arrays as a comma list for IN (...)). A parameter can therefore never
 * inject SQL. Three built-ins mirror the incumbent's macros: current_username(), current_user_id(),
 * current_user_email().
 */
export type TemplateParams = Record<string, unknown>;

export interface TemplateUser {
  id: number | null;
  username: string;
  email: string;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*(\(\s*\))?\s*\}\}/g;

/**
 * Parses templateParams sent as a JSON string (or already an object). Empty means no parameters.
 * Throws 400 INVALID_TEMPLATE_PARAMS_ERROR when the text is not a JSON object.
 */
export function parseTemplateParams(raw: unknown): TemplateParams {
  if (raw === undefined || raw === null || raw === '') return {};
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw invalidParams('The template parameters are not valid JSON.');
    }
  }
  if (value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidParams('The template parameters must be a JSON object.');
  return value as TemplateParams;
}

/** Lenient parse for estimate (spec 3 §5: unparseable -> {}) and validate (-> omitted). */
export function parseTemplateParamsOrNull(raw: unknown): TemplateParams | null {
  try {
    return parseTemplateParams(raw);
  } catch {
    return null;
  }
}

const invalidParams = (message: string) => new LumenError(400, message, ErrorType.INVALID_TEMPLATE_PARAMS_ERROR);

/** Doubles the quote (and, on MySQL where backslash escapes, the backslash) so the text stays inside. */
const escapeText = (text: string, quote: string, backslash: boolean): string =>
  (backslash ? text.replace(/\\/g, '\\\\') : text).split(quote).join(quote + quote);

function literal(value: unknown, backslash: boolean): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw invalidParams(`The template parameter value ${String(value)} is not a finite number.`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (Array.isArray(value)) return value.length ? value.map((v) => literal(v, backslash)).join(', ') : 'NULL';
  return `'${escapeText(typeof value === 'object' ? JSON.stringify(value) : String(value), "'", backslash)}'`;
}

/** The raw text of a value for use inside an existing string literal (quotes doubled by the caller). */
function rawText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(rawText).join(',');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Renders the placeholders of a script. Placeholders inside comments are left alone; a placeholder whose
 * name has no value raises 400 MISSING_TEMPLATE_PARAMS_ERROR naming it. SQL without `{{` is returned as is.
 *
 * @example
 * renderTemplate("SELECT * FROM t WHERE name = {{ who }} AND note = 'by {{ who }}'", { who: "O'Neil" });
 * // "SELECT * FROM t WHERE name = 'O''Neil' AND note = 'by O''Neil'"
 */
export function renderTemplate(sql: string, params: TemplateParams, user?: TemplateUser, backend?: string): string {
  if (!sql.includes('{{')) return sql;
  const builtins: Record<string, unknown> = user ? { current_username: user.username, current_user_id: user.id, current_user_email: user.email } : {};
  const missing = new Set<string>();
  const backslash = backend === 'mysql' || backend === 'mariadb';
  const valueOf = (name: string, call: boolean): unknown => {
    if (call) {
      if (name in builtins) return builtins[name];
    } else if (Object.prototype.hasOwnProperty.call(params, name)) {
      return params[name];
    }
    missing.add(call ? `${name}()` : name);
    return null;
  };
  let tokens;
  try {
    tokens = tokenize(sql, { backend });
  } catch {
    // Unbalanced quotes: render as code everywhere; the engine reports the syntax error afterwards.
    tokens = [{ kind: 'word' as const, text: sql, start: 0, end: sql.length, upper: '', depth: 0 }];
  }
  // Code between literals is rendered as one run, since `{{ x }}` spans several code tokens.
  let out = '';
  let codeStart = 0;
  const renderCode = (end: number) => {
    out += sql.slice(codeStart, end).replace(PLACEHOLDER, (_m, name: string, call: string | undefined) => literal(valueOf(name, Boolean(call)), backslash));
  };
  for (const token of tokens) {
    if (token.kind !== 'string' && token.kind !== 'qident' && token.kind !== 'comment') continue;
    renderCode(token.start);
    codeStart = token.end;
    if (token.kind === 'comment' || !token.text.includes('{{')) {
      out += token.text;
      continue;
    }
    const quote = token.kind === 'string' ? "'" : token.text[0]!;
    // Dollar-quoted strings cannot hold an escaped terminator; refuse values that contain the tag.
    const dollar = token.text.startsWith('$') ? /^\$[^$]*\$/.exec(token.text)![0] : null;
    out += token.text.replace(PLACEHOLDER, (_m, name: string, call: string | undefined) => {
      const text = rawText(valueOf(name, Boolean(call)));
      if (dollar) {
        if (text.includes(dollar)) throw invalidParams(`The value of ${name} cannot be used inside this dollar-quoted string.`);
        return text;
      }
      return escapeText(text, quote, backslash && token.kind === 'string');
    });
  }
  renderCode(sql.length);
  if (missing.size) {
    const names = [...missing].map((n) => `"${n}"`).join(', ');
    throw new LumenError(400, `The following parameters in your query are undefined: ${names}.`, ErrorType.MISSING_TEMPLATE_PARAMS_ERROR, {
      undefined_parameters: [...missing],
      template_parameters: params,
    });
  }
  return out;
}
