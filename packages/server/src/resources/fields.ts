import { badRequest, MissingFieldsError } from '../errors';
import type { Json } from './definition';

/**
 * Write allow-lists. Each resource declares the fields POST and PUT accept with their types; anything else
 * is refused with a 400 naming the field (the incumbent answers "Unknown field."), so a typo never
 * silently does nothing.
 */
export type FieldKind =
  | 'string'
  | 'integer'
  | 'number'
  | 'boolean'
  /** A string holding JSON (params, json_metadata, ...); `jsonObject` requires an object. */
  | 'json'
  /** An array of integer ids (owners, dashboards, roles). */
  | 'ids'
  | 'strings'
  /** An array of objects, checked further by the definition (dataset columns/metrics). */
  | 'objects'
  /** An array of anything, checked further by the definition (a tag's `objects_to_tag` [type, id] pairs). */
  | 'list'
  | 'object';

export interface FieldSpec {
  kind: FieldKind;
  required?: boolean;
  nullable?: boolean;
  maxLength?: number;
  /** For 'json': the parsed value must be a JSON object. */
  jsonObject?: boolean;
  /** '' is stored as null (cache_timeout, slug). */
  emptyAsNull?: boolean;
}
export type FieldMap = Record<string, FieldSpec>;

const KIND_TEXT: Record<FieldKind, string> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'a boolean',
  json: 'a string holding JSON',
  ids: 'a list of integer ids',
  strings: 'a list of strings',
  objects: 'a list of objects',
  list: 'a list',
  object: 'an object',
};

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Parses a JSON text field; `label` names the field in the error. */
export function parseJsonField(label: string, text: string, requireObject: boolean): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw badRequest(`Field '${label}' is not valid JSON: ${(error as Error).message}`);
  }
  if (requireObject && !isObject(value)) throw badRequest(`Field '${label}' must be a JSON object`);
  return value;
}

function checkOne(name: string, spec: FieldSpec, raw: unknown): unknown {
  let value = raw;
  if (spec.emptyAsNull && value === '') value = null;
  if (value === null) {
    if (spec.nullable) return null;
    throw badRequest(`Field '${name}' may not be null`);
  }
  const wrong = () => badRequest(`Field '${name}' must be ${KIND_TEXT[spec.kind]}`);
  switch (spec.kind) {
    case 'string':
      if (typeof value !== 'string') throw wrong();
      if (spec.maxLength !== undefined && value.length > spec.maxLength) {
        throw badRequest(`Field '${name}' is longer than ${spec.maxLength} characters`);
      }
      if (spec.required && value.trim() === '') throw badRequest(`Field '${name}' may not be empty`);
      return value;
    case 'integer':
      if (typeof value === 'string' && /^-?\d+$/.test(value)) value = Number(value);
      if (typeof value !== 'number' || !Number.isInteger(value)) throw wrong();
      return value;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) throw wrong();
      return value;
    case 'boolean':
      if (typeof value !== 'boolean') throw wrong();
      return value;
    case 'json':
      if (isObject(value) && spec.jsonObject) return JSON.stringify(value);
      if (typeof value !== 'string') throw wrong();
      if (value.trim() === '') {
        if (spec.nullable) return null;
        throw badRequest(`Field '${name}' may not be empty`);
      }
      parseJsonField(name, value, spec.jsonObject === true);
      return value;
    case 'ids':
      if (!Array.isArray(value) || !value.every((v) => Number.isInteger(v))) throw wrong();
      return [...new Set(value as number[])];
    case 'strings':
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) throw wrong();
      return value;
    case 'objects':
      if (!Array.isArray(value) || !value.every(isObject)) throw wrong();
      return value;
    case 'list':
      if (!Array.isArray(value)) throw wrong();
      return value;
    case 'object':
      if (!isObject(value)) throw wrong();
      return value;
  }
}

/**
 * Checks a request body against a field map: unknown fields, wrong types and (on create) missing required
 * fields give a 400 naming the field. Returns only the fields sent, coerced.
 *
 * @example
 * validateInput({ slice_name: { kind: 'string', required: true } }, body, 'create');
 */
export function validateInput(fields: FieldMap, body: unknown, mode: 'create' | 'update'): Json {
  if (!isObject(body)) throw badRequest('Request body must be a JSON object');
  const out: Json = {};
  for (const [name, raw] of Object.entries(body)) {
    const spec = fields[name];
    if (!spec) throw badRequest(`Unknown field '${name}'; allowed: ${Object.keys(fields).join(', ')}`);
    if (raw === undefined) continue;
    out[name] = checkOne(name, spec, raw);
  }
  if (mode === 'create') {
    // All of them at once, as the incumbent lists every missing field.
    const missing = Object.entries(fields)
      .filter(([name, spec]) => spec.required && (out[name] === undefined || out[name] === null))
      .map(([name]) => name);
    if (missing.length) throw new MissingFieldsError(missing);
  }
  return out;
}

/** Copies the listed fields that were sent from input to a row update, converting booleans to 0/1. */
export function pickColumns(input: Json, names: string[]): Json {
  const out: Json = {};
  for (const name of names) {
    if (!(name in input)) continue;
    const value = input[name];
    out[name] = typeof value === 'boolean' ? (value ? 1 : 0) : value;
  }
  return out;
}
