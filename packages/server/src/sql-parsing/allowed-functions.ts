/**
 * The functions a user-written SQL expression (adhoc metric or column, SQL filter, RLS clause, calculated
 * column) may call, per engine. An allow-list rather than a deny-list: every engine keeps adding functions
 * that read files, open other databases or run SQL from a string (DuckDB's `query`, PostgreSQL's
 * `query_to_xml`, SQLite's `readfile`), and a new one must not become reachable by default.
 * Names are lower case; the guards compare the parser's (already unquoted, unescaped) function name.
 */

/** Scalar and aggregate functions every supported engine understands under these names. */
const COMMON = [
  // aggregates
  'avg', 'count', 'max', 'min', 'sum', 'stddev', 'stddev_pop', 'stddev_samp', 'variance', 'var_pop', 'var_samp',
  'group_concat', 'string_agg', 'bool_and', 'bool_or', 'every', 'corr', 'covar_pop', 'covar_samp',
  // window functions
  'row_number', 'rank', 'dense_rank', 'percent_rank', 'cume_dist', 'ntile', 'lag', 'lead', 'first_value',
  'last_value', 'nth_value',
  // numbers
  'abs', 'ceil', 'ceiling', 'floor', 'round', 'trunc', 'truncate', 'sign', 'sqrt', 'cbrt', 'power', 'pow', 'exp',
  'ln', 'log', 'log10', 'log2', 'mod', 'div', 'pi', 'radians', 'degrees', 'sin', 'cos', 'tan', 'cot', 'asin',
  'acos', 'atan', 'atan2', 'greatest', 'least', 'random', 'rand',
  // conditionals
  'coalesce', 'nullif', 'ifnull', 'if', 'iif', 'nvl',
  // strings
  'lower', 'upper', 'lcase', 'ucase', 'length', 'char_length', 'character_length', 'octet_length', 'bit_length',
  'substr', 'substring', 'trim', 'ltrim', 'rtrim', 'btrim', 'replace', 'concat', 'concat_ws', 'left', 'right',
  'lpad', 'rpad', 'strpos', 'position', 'instr', 'locate', 'reverse', 'repeat', 'split_part', 'initcap',
  'regexp_replace', 'regexp_like', 'regexp_substr', 'regexp_instr', 'ascii', 'chr', 'char', 'format', 'md5',
  'starts_with', 'to_hex', 'hex', 'unhex', 'translate', 'overlay',
  // dates and times
  'date_trunc', 'date_part', 'extract', 'year', 'month', 'day', 'hour', 'minute', 'second', 'quarter', 'week',
  'dayofweek', 'dayofmonth', 'dayofyear', 'weekday', 'weekofyear', 'yearweek', 'date_diff', 'datediff',
  'date_add', 'date_sub', 'dateadd', 'now', 'current_date', 'current_time', 'current_timestamp', 'localtime',
  'localtimestamp', 'to_char', 'to_date', 'to_timestamp', 'date', 'time', 'timestamp', 'make_date',
  'make_time', 'make_timestamp', 'age', 'date_format', 'str_to_date', 'unix_timestamp', 'from_unixtime',
  'last_day', 'monthname', 'dayname', 'timestampdiff', 'timestampadd', 'adddate', 'subdate', 'makedate',
];

const DUCKDB = [
  'count_star', 'median', 'mode', 'quantile', 'quantile_cont', 'quantile_disc', 'percentile_cont',
  'percentile_disc', 'approx_count_distinct', 'approx_quantile', 'any_value', 'arbitrary', 'first', 'last',
  'arg_max', 'arg_min', 'argmax', 'argmin', 'max_by', 'min_by', 'list', 'array_agg', 'histogram', 'product',
  'fsum', 'sumkahan', 'kahan_sum', 'favg', 'entropy', 'kurtosis', 'skewness', 'mad', 'regr_slope',
  'regr_intercept', 'regr_r2', 'regr_count', 'regr_avgx', 'regr_avgy', 'bit_and', 'bit_or', 'bit_xor',
  'bool_and', 'geomean', 'geometric_mean', 'count_if', 'countif', 'sum_no_overflow',
  'strftime', 'strptime', 'try_strptime', 'epoch', 'epoch_ms', 'epoch_us', 'epoch_ns', 'make_timestamptz',
  'time_bucket', 'date_sub', 'datesub', 'datetrunc', 'datepart', 'dayofweek', 'isodow', 'isoyear', 'era',
  'millennium', 'century', 'decade', 'yearweek', 'microsecond', 'millisecond', 'nanosecond', 'to_days',
  'to_hours', 'to_minutes', 'to_seconds', 'to_milliseconds', 'to_microseconds', 'to_weeks', 'to_months',
  'to_years', 'to_decades', 'to_centuries', 'to_millennia', 'to_quarters', 'get_current_date',
  'get_current_time', 'get_current_timestamp', 'today', 'transaction_timestamp', 'monthname', 'dayname',
  'regexp_full_match', 'regexp_matches', 'regexp_extract', 'regexp_extract_all', 'regexp_split_to_array',
  'string_split', 'str_split', 'string_to_array', 'contains', 'prefix', 'suffix', 'ends_with', 'like_escape',
  'ilike_escape', 'not_like_escape', 'not_ilike_escape', 'levenshtein', 'jaccard',
  'jaro_similarity', 'jaro_winkler_similarity', 'damerau_levenshtein', 'hamming', 'mismatches',
  'editdist3', 'list_value', 'list_extract', 'list_element', 'array_extract', 'struct_pack', 'struct_extract',
  'row', 'len', 'array_length', 'list_contains', 'array_contains', 'list_has', 'list_position', 'list_concat',
  'array_concat', 'list_distinct', 'list_sort', 'list_reverse_sort', 'list_slice', 'array_slice', 'flatten',
  'isnan', 'isinf', 'isfinite', 'even', 'factorial', 'gamma', 'lgamma',
  'bit_count', 'round_even', 'roundbankers', 'xor', 'nextafter', 'gcd', 'lcm', 'hash', 'printf', 'fmod',
  'ifnull', 'typeof', 'try', 'nullif', 'array_to_string', 'list_aggregate', 'array_aggregate',
  'list_aggr', 'list_sum', 'list_min', 'list_max', 'list_avg', 'list_count', 'list_first', 'list_last',
  'strlen', 'strip_accents', 'nfc_normalize', 'unicode', 'ord', 'array_has', 'base64', 'to_base64',
  'from_base64', 'sha1', 'sha256', 'format_bytes', 'formatreadablesize', 'formatreadabledecimalsize',
  'to_timestamp', 'make_interval', 'current_localtime', 'current_localtimestamp', 'date_diff', 'datediff',
];

const POSTGRESQL = [
  'percentile_cont', 'percentile_disc', 'mode', 'array_agg', 'json_agg', 'jsonb_agg', 'regr_slope',
  'regr_intercept', 'regr_r2', 'regr_count', 'regr_avgx', 'regr_avgy', 'bit_and', 'bit_or', 'any_value',
  'date_bin', 'justify_days', 'justify_hours', 'justify_interval', 'make_interval', 'make_timestamptz',
  'clock_timestamp', 'statement_timestamp', 'transaction_timestamp', 'timezone', 'isfinite', 'to_number',
  'regexp_match', 'regexp_matches', 'regexp_split_to_array', 'regexp_count', 'split_part', 'string_to_array',
  'array_to_string', 'array_length', 'cardinality', 'array_position', 'quote_literal', 'quote_ident',
  'quote_nullable', 'sha256', 'sha512', 'encode', 'decode', 'width_bucket', 'scale', 'gcd', 'lcm', 'factorial',
  'num_nulls', 'num_nonnulls', 'json_extract_path_text', 'jsonb_extract_path_text', 'json_typeof',
  'jsonb_typeof', 'unistr', 'normalize', 'starts_with', 'bool_and', 'bool_or', 'int4', 'int8', 'float8',
  'numeric', 'text', 'varchar', 'timestamptz',
];

const MYSQL = [
  'std', 'json_arrayagg', 'json_objectagg', 'bit_and', 'bit_or', 'bit_xor', 'median', 'percentile_cont',
  'percentile_disc', 'curdate', 'curtime', 'sysdate', 'utc_date', 'utc_time', 'utc_timestamp', 'convert_tz',
  'from_days', 'to_days', 'to_seconds', 'sec_to_time', 'time_to_sec', 'period_add', 'period_diff', 'microsecond',
  'time_format', 'get_format', 'extract', 'field', 'elt', 'find_in_set', 'make_set',
  'insert', 'lcase', 'mid', 'space', 'soundex', 'strcmp', 'substring_index', 'char_length', 'oct', 'bin', 'conv',
  'crc32', 'sha1', 'sha2', 'json_extract', 'json_unquote', 'json_value', 'json_length', 'json_contains',
  'json_type', 'isnull', 'truncate', 'format', 'cast', 'convert',
];

const SQLITE = [
  'total', 'median', 'strftime', 'julianday', 'unixepoch', 'datetime', 'timediff', 'printf', 'instr', 'unicode',
  'char', 'quote', 'typeof', 'likely', 'unlikely', 'likelihood', 'glob', 'like', 'json_extract', 'json_type', 'json_array_length', 'json_valid', 'ifnull', 'nullif', 'iif', 'sign', 'octet_length',
  'string_agg',
];

const byEngine: Record<string, Set<string>> = {
  duckdb: new Set([...COMMON, ...DUCKDB]),
  postgresql: new Set([...COMMON, ...POSTGRESQL]),
  mysql: new Set([...COMMON, ...MYSQL]),
  sqlite: new Set([...COMMON, ...SQLITE]),
};

/** Never callable from an expression, whatever an allow-list says (belt and braces for the lists above). */
const ALWAYS_REFUSED = /^(read_|pg_|lo_|dblink|query|sqlite_|load_|readfile|writefile|edit$|getenv|set_config|current_setting|copy|system|sys_|benchmark|sleep)/;

/** Is `name` (any case) a function user expressions may call on this engine? */
export function isAllowedFunction(engine: string, name: string): boolean {
  const lower = name.toLowerCase();
  if (ALWAYS_REFUSED.test(lower)) return false;
  return byEngine[engine]?.has(lower) ?? false;
}

/** Identifiers an engine parses as column references but that name SQL's niladic date functions. */
export const NILADIC_KEYWORDS = new Set([
  'current_date', 'current_time', 'current_timestamp', 'localtime', 'localtimestamp',
]);
