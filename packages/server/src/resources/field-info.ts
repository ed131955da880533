import type { FieldKind, FieldMap, FieldSpec } from './fields';
import { labelOf } from './list';

/**
 * `_info.add_columns` / `edit_columns` in the incumbent's shape: a list with one entry per field a POST or
 * PUT accepts, `{name, label, description, type, required, unique, validate?}`, where `type` is the
 * incumbent's field class (marshmallow's `String`, `Integer`, `List`, ...). Clients build their payloads
 * from it, so it is made from the same allow-list (`createFields`/`updateFields`) the writes are checked against.
 */
export interface FieldInfo {
  name: string;
  label: string;
  description: string;
  type: string;
  required: boolean;
  unique: boolean;
  validate?: string[];
}

/** The marshmallow field class the incumbent declares for each kind of field. */
const INCUMBENT_FIELD_TYPE: Record<FieldKind, string> = {
  string: 'String',
  integer: 'Integer',
  number: 'Float',
  boolean: 'Boolean',
  // The incumbent's JSON text fields (params, json_metadata, ...) are Strings with a JSON validator.
  json: 'String',
  ids: 'List',
  strings: 'List',
  objects: 'List',
  list: 'List',
  object: 'Dict',
};

/** The validators the incumbent prints (marshmallow's repr of Length), for fields with a length limit. */
function validatorsOf(spec: FieldSpec): string[] | undefined {
  if (spec.maxLength === undefined) return undefined;
  return [`<Length(min=${spec.required ? 1 : 'None'}, max=${spec.maxLength}, equal=None, error=None)>`];
}

export function fieldsInfo(fields: FieldMap, labels: Record<string, string> = {}): FieldInfo[] {
  return Object.entries(fields).map(([name, spec]) => {
    const validate = validatorsOf(spec);
    return {
      name,
      label: labels[name] ?? labelOf(name),
      description: '',
      type: INCUMBENT_FIELD_TYPE[spec.kind],
      required: Boolean(spec.required),
      unique: false,
      ...(validate ? { validate } : {}),
    };
  });
}
