import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { applyErrata } from './incumbent-errata';

/** Where the incumbent's OpenAPI 3.0 document is kept (shared reference material, not part of the repo). */
export const INCUMBENT_OPENAPI_PATH = process.env.LUMEN_INCUMBENT_OPENAPI ?? join('/work/shared/reference', 'superset-openapi.json');

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
const METHODS: HttpMethod[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];

type Schema = Record<string, any>;

export interface IncumbentOperation {
  method: HttpMethod;
  /** The incumbent's path template, `/api/v1/chart/{pk}`. */
  path: string;
  /** Documented statuses, as strings ('200', '4XX' never appears in this document). */
  statuses: string[];
  /** The JSON response schema of a status, `$ref`s left in place (resolved by the validator). */
  jsonSchema(status: number): Schema | null;
  /** Content types documented for a status. */
  contentTypes(status: number): string[];
}

export interface IncumbentApi {
  operations: IncumbentOperation[];
  /** The operation answering a concrete request path (no query), the most literal template winning. */
  find(method: HttpMethod, concretePath: string): IncumbentOperation | null;
  /** The schema a `$ref` (or a schema holding one at its top) stands for. */
  resolve(schema: Schema): Schema;
  /** Validates a body against a schema; errors carry JSON pointers into the body. */
  validate(schema: Schema, body: unknown): ErrorObject[];
}

/**
 * OpenAPI 3.0 schemas as JSON Schema: `nullable` beside no `type` (a schema that already admits null) is
 * dropped, since Ajv reads `nullable` only as an addition to `type`; everything else Ajv reads as is
 * (`nullable` with a `type`, `allOf`, `discriminator`).
 */
export function asJsonSchema<T>(node: T): T {
  if (Array.isArray(node)) return node.map(asJsonSchema) as T;
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'nullable' && !('type' in node)) continue;
    out[key] = asJsonSchema(value);
  }
  return out as T;
}

/** `{pk}` matches one path segment; literal segments count, so `/chart/_info` beats `/chart/{pk}`. */
function templateMatcher(template: string): { regex: RegExp; literals: number } {
  const segments = template.split('/');
  const pattern = segments.map((s) => (/^\{[^}]+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))).join('/');
  return { regex: new RegExp(`^${pattern}/?$`), literals: segments.filter((s) => s && !s.startsWith('{')).length };
}

/** An erratum's `if/then/else` adds an `if` error beside those of the branch the value took, which say it all. */
const withoutErrataBranches = (errors: ErrorObject[]) => errors.filter((e) => e.keyword !== 'if');

export function loadIncumbentApi(path = INCUMBENT_OPENAPI_PATH): IncumbentApi {
  const document = JSON.parse(readFileSync(path, 'utf8')) as Schema;
  // strict off: the document carries OpenAPI keywords (example, discriminator mapping, x-*) JSON Schema lacks.
  const ajv = new Ajv({ strict: false, allErrors: true, discriminator: true });
  ajv.addSchema({ $id: 'incumbent', components: asJsonSchema(applyErrata(document.components)) }, 'incumbent');
  const compiled = new Map<string, ValidateFunction>();
  const resolve = (schema: Schema): Schema => {
    let current = schema;
    while (current && typeof current.$ref === 'string') {
      const pointer = current.$ref.replace(/^#\//, '').split('/');
      current = pointer.reduce<any>((node, key) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
    }
    return current;
  };
  const operations: IncumbentOperation[] = [];
  for (const [template, item] of Object.entries(document.paths as Record<string, Schema>)) {
    for (const method of METHODS) {
      const operation = item[method.toLowerCase()];
      if (!operation) continue;
      const response = (status: number) => {
        const raw = operation.responses?.[String(status)];
        return raw ? resolve(raw) : null;
      };
      operations.push({
        method,
        path: template,
        statuses: Object.keys(operation.responses ?? {}),
        jsonSchema: (status) => response(status)?.content?.['application/json']?.schema ?? null,
        contentTypes: (status) => Object.keys(response(status)?.content ?? {}),
      });
    }
  }
  const matchers = operations.map((op) => ({ op, ...templateMatcher(op.path) }));
  return {
    operations,
    find(method, concretePath) {
      const candidates = matchers.filter((m) => m.op.method === method && m.regex.test(concretePath));
      candidates.sort((a, b) => b.literals - a.literals);
      return candidates[0]?.op ?? null;
    },
    resolve,
    validate(schema, body) {
      // Local refs ('#/components/...') point into the document registered as 'incumbent'.
      const text = JSON.stringify(schema).replace(/"\$ref":"#\//g, '"$ref":"incumbent#/');
      let validator = compiled.get(text);
      if (!validator) {
        validator = ajv.compile(asJsonSchema(applyErrata(JSON.parse(text))) as Schema);
        compiled.set(text, validator);
      }
      return validator(body) ? [] : withoutErrataBranches(validator.errors ?? []);
    },
  };
}
