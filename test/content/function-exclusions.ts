/**
 * Names of @questdb/sql-parser's `functions` list that have no section in the function
 * reference, each with the reason. The list serves the parser (autocomplete and highlighting)
 * and runs ahead of 8.3.3; the reasons below are the to-do list of the function reference.
 */

const AFTER_8_3_3 = 'arrived after 8.3.3 (arrays, nanosecond timestamps, DECIMAL and later aggregates are 9.x)';
const NOT_A_FUNCTION = "a keyword, statement option or table parameter in the parser's word list, not a function";
const OTHER_DIALECTS = 'a function of other SQL dialects; QuestDB has none by this name (see coalesce, length, lower, upper, IS NULL)';
const INTERNAL = 'internal, diagnostic or test-only; not for queries';
const ENTERPRISE = 'QuestDB Enterprise only; the open-source reference does not cover it';
const PG_CATALOG = 'PostgreSQL catalogue emulation for PG wire drivers and tools, not meant to be queried directly';
const AWAITING_CHECK = 'written in content/drafts/reference/function (meta.md, parquet.md); published once checked against the 8.3.3 sources';
const UNCONFIRMED = 'not confirmed as a function of 8.3.3; left out until checked against its sources';
const OPERATOR = 'an operator, documented on reference/operators/spatial.md';

export const EXCLUDED: Record<string, string> = {
  arg_max: AFTER_8_3_3,
  arg_min: AFTER_8_3_3,
  array_avg: AFTER_8_3_3,
  array_count: AFTER_8_3_3,
  array_cum_sum: AFTER_8_3_3,
  array_max: AFTER_8_3_3,
  array_min: AFTER_8_3_3,
  array_position: AFTER_8_3_3,
  array_stddev: AFTER_8_3_3,
  array_stddev_pop: AFTER_8_3_3,
  array_stddev_samp: AFTER_8_3_3,
  array_sum: AFTER_8_3_3,
  bit_and: AFTER_8_3_3,
  bit_or: AFTER_8_3_3,
  bit_xor: AFTER_8_3_3,
  bool_and: AFTER_8_3_3,
  bool_or: AFTER_8_3_3,
  dim_length: AFTER_8_3_3,
  dot_product: AFTER_8_3_3,
  export_files: AFTER_8_3_3,
  files: AFTER_8_3_3,
  flatten: AFTER_8_3_3,
  generate_series: AFTER_8_3_3,
  geo_distance_meters: AFTER_8_3_3,
  geo_within_radius_latlon: AFTER_8_3_3,
  geomean: AFTER_8_3_3,
  glob: AFTER_8_3_3,
  insertion_point: AFTER_8_3_3,
  matmul: AFTER_8_3_3,
  // mode(Ø/T/L/K/S/D): questdb/questdb#5623, opened 2025-04-24 (issue #5580), still under review on
  // 2025-09-30 (its last coverage run), so merged after 8.3.3.
  mode: AFTER_8_3_3,
  nanos: AFTER_8_3_3,
  rnd_decimal: AFTER_8_3_3,
  rnd_double_array: AFTER_8_3_3,
  rnd_symbol_weighted: AFTER_8_3_3,
  rnd_symbol_zipf: AFTER_8_3_3,
  to_timestamp_ns: AFTER_8_3_3,
  transpose: AFTER_8_3_3,
  twap: AFTER_8_3_3,
  views: AFTER_8_3_3,
  weighted_avg: AFTER_8_3_3,
  weighted_stddev: AFTER_8_3_3,
  weighted_stddev_freq: AFTER_8_3_3,
  weighted_stddev_rel: AFTER_8_3_3,
  within_box: AFTER_8_3_3,
  within_radius: AFTER_8_3_3,
  batch: NOT_A_FUNCTION,
  commitLag: NOT_A_FUNCTION,
  headers: NOT_A_FUNCTION,
  list: NOT_A_FUNCTION,
  maxUncommittedRows: NOT_A_FUNCTION,
  show: NOT_A_FUNCTION,
  ifnull: OTHER_DIALECTS,
  isnull: OTHER_DIALECTS,
  lcase: OTHER_DIALECTS,
  len: OTHER_DIALECTS,
  nvl: OTHER_DIALECTS,
  ucase: OTHER_DIALECTS,
  dump_memory_usage: INTERNAL,
  dump_thread_stacks: INTERNAL,
  parquet_scan: INTERNAL,
  rnd_log: INTERNAL,
  simulate_crash: INTERNAL,
  switch: INTERNAL,
  table_writer_metrics: INTERNAL,
  // LongsToLong128FunctionFactory, to_long128(LL), in core since 2022: builds a LONG128, a type that the
  // 8.3-era documentation does not list and that has no casts or arithmetic (questdb/questdb#6024,
  // 2025-08-04, lists what it lacks); tests use it to make LONG128 values. UUID is the public 128-bit type.
  to_long128: INTERNAL,
  all_permissions: ENTERPRISE,
  permissions: ENTERPRISE,
  reload_tls: ENTERPRISE,
  server_conf: ENTERPRISE,
  current_catalog: PG_CATALOG,
  current_schemas: PG_CATALOG,
  current_setting: PG_CATALOG,
  format_type: PG_CATALOG,
  'information_schema._pg_expandarray': PG_CATALOG,
  pg_advisory_unlock_all: PG_CATALOG,
  pg_attrdef: PG_CATALOG,
  pg_attribute: PG_CATALOG,
  'pg_catalog.age': PG_CATALOG,
  'pg_catalog.current_database': PG_CATALOG,
  'pg_catalog.current_schema': PG_CATALOG,
  'pg_catalog.current_schemas': PG_CATALOG,
  'pg_catalog.pg_attrdef': PG_CATALOG,
  'pg_catalog.pg_attribute': PG_CATALOG,
  'pg_catalog.pg_class': PG_CATALOG,
  'pg_catalog.pg_database': PG_CATALOG,
  'pg_catalog.pg_description': PG_CATALOG,
  'pg_catalog.pg_get_expr': PG_CATALOG,
  'pg_catalog.pg_get_keywords': PG_CATALOG,
  'pg_catalog.pg_get_partkeydef': PG_CATALOG,
  'pg_catalog.pg_get_userbyid': PG_CATALOG,
  'pg_catalog.pg_index': PG_CATALOG,
  'pg_catalog.pg_inherits': PG_CATALOG,
  'pg_catalog.pg_is_in_recovery': PG_CATALOG,
  'pg_catalog.pg_locks': PG_CATALOG,
  'pg_catalog.pg_namespace': PG_CATALOG,
  'pg_catalog.pg_roles': PG_CATALOG,
  'pg_catalog.pg_shdescription': PG_CATALOG,
  'pg_catalog.pg_table_is_visible': PG_CATALOG,
  'pg_catalog.pg_type': PG_CATALOG,
  'pg_catalog.txid_current': PG_CATALOG,
  'pg_catalog.version': PG_CATALOG,
  pg_class: PG_CATALOG,
  pg_database: PG_CATALOG,
  pg_description: PG_CATALOG,
  pg_extension: PG_CATALOG,
  pg_get_expr: PG_CATALOG,
  pg_get_keywords: PG_CATALOG,
  pg_get_partkeydef: PG_CATALOG,
  pg_index: PG_CATALOG,
  pg_inherits: PG_CATALOG,
  pg_is_in_recovery: PG_CATALOG,
  pg_locks: PG_CATALOG,
  pg_namespace: PG_CATALOG,
  pg_proc: PG_CATALOG,
  pg_range: PG_CATALOG,
  pg_roles: PG_CATALOG,
  pg_type: PG_CATALOG,
  server_version: PG_CATALOG,
  session_user: PG_CATALOG,
  txid_current: PG_CATALOG,
  // The factory exists in later sources (RegressionInterceptFunctionFactory, regr_intercept(DD));
  // its PR questdb/questdb#5071 (opened 2024-10-16) shows as still open in the searchable copy, and no
  // merge date or release before 2025-05-30 was found.
  regr_intercept: UNCONFIRMED,
  // RndIntervalFunctionFactory, rnd_interval(): only a version typed INTERVAL_TIMESTAMP_MICRO (the 9.x
  // nanosecond era) was found; the PR that added it was not found.
  rnd_interval: UNCONFIRMED,
  // VarcharToPgDateFunctionFactory, to_pg_date(Ø) (functions/date): parses VARCHAR into a DATE with the
  // PostgreSQL date format (yyyy-MM-dd); neither its PR nor a version datable before 2025-05-30 was found.
  to_pg_date: UNCONFIRMED,
  // A test asserts "import_files() is disabled ['cairo.sql.copy.root' is not set?]", but neither its
  // factory nor its PR was found; its siblings files(), glob() and
  // export_files() are excluded above as after 8.3.3.
  import_files: UNCONFIRMED,
  within: OPERATOR,
};
