/**
 * Other products' words and QuestDB's, as data: readers coming from PostgreSQL,
 * TimescaleDB, InfluxDB or MySQL search with the names their product gives a feature.
 * Each entry maps that name (left) to the words the docs use for QuestDB's way of doing
 * the same thing, or for the page that says what to do instead (right). The engine treats
 * them like synonyms.ts: a query holding a left-hand phrase is also run with the right-hand
 * one, and the page named by it ranks first.
 *
 * Every entry is preceded by a comment line naming the other product's page that defines
 * the term (search-translations.test.ts checks it). Comments are not shipped to the
 * browser. Keep entries lower case, words separated by single spaces.
 */
export const TRANSLATIONS: readonly (readonly [string, string])[] = [
  // TimescaleDB: https://docs.timescale.com/api/latest/hyperfunctions/time_bucket/
  ['time_bucket', 'sample by'],
  // TimescaleDB: https://docs.timescale.com/api/latest/hyperfunctions/gapfilling/time_bucket_gapfill/
  ['time_bucket_gapfill', 'fill'],
  // TimescaleDB: https://docs.timescale.com/api/latest/hyperfunctions/gapfilling/time_bucket_gapfill/
  ['gapfill', 'fill'],
  // TimescaleDB: https://docs.timescale.com/api/latest/hyperfunctions/gapfilling/locf/
  ['locf', 'fill'],
  // TimescaleDB: https://docs.timescale.com/use-timescale/latest/hypertables/
  ['hypertable', 'partitions'],
  // TimescaleDB: https://docs.timescale.com/use-timescale/latest/hypertables/
  ['chunks', 'partitions'],
  // TimescaleDB: https://docs.timescale.com/api/latest/hypertable/drop_chunks/
  ['drop_chunks', 'drop partition'],
  // TimescaleDB: https://docs.timescale.com/api/latest/data-retention/add_retention_policy/
  ['add_retention_policy', 'ttl'],
  // InfluxDB 1.x: https://docs.influxdata.com/influxdb/v1/concepts/glossary/#retention-policy-rp
  ['retention policy', 'ttl'],
  // TimescaleDB: https://docs.timescale.com/use-timescale/latest/continuous-aggregates/
  ['continuous aggregate', 'materialized view'],
  // TimescaleDB: https://docs.timescale.com/use-timescale/latest/continuous-aggregates/
  ['continuous aggregates', 'materialized view'],
  // InfluxDB 1.x: https://docs.influxdata.com/influxdb/v1/query_language/continuous_queries/
  ['continuous query', 'materialized view'],
  // InfluxDB 1.x: https://docs.influxdata.com/influxdb/v1/query_language/continuous_queries/
  ['continuous queries', 'materialized view'],
  // InfluxDB: https://docs.influxdata.com/influxdb/v2/reference/key-concepts/data-elements/#measurement
  ['measurement', 'influxdb line protocol'],
  // InfluxDB: https://docs.influxdata.com/influxdb/v2/reference/key-concepts/data-elements/#tags
  ['tag set', 'symbol'],
  // InfluxDB: https://docs.influxdata.com/influxdb/v2/reference/key-concepts/data-elements/#tags
  ['tags', 'symbol'],
  // PostgreSQL: https://www.postgresql.org/docs/current/functions-srf.html
  ['generate_series', 'timestamp_sequence'],
  // PostgreSQL: https://www.postgresql.org/docs/current/functions-datetime.html#FUNCTIONS-DATETIME-BIN
  ['date_bin', 'sample by'],
  // PostgreSQL: https://www.postgresql.org/docs/current/functions-datetime.html#FUNCTIONS-DATETIME-ZONECONVERT
  ['at time zone', 'to_timezone'],
  // PostgreSQL: https://www.postgresql.org/docs/current/datatype-datetime.html
  ['timestamptz', 'timestamp'],
  // PostgreSQL: https://www.postgresql.org/docs/current/sql-select.html#SQL-DISTINCT
  ['distinct on', 'latest on'],
  // PostgreSQL: https://www.postgresql.org/docs/current/sql-insert.html#SQL-ON-CONFLICT
  ['on conflict', 'deduplication'],
  // MySQL: https://dev.mysql.com/doc/refman/8.0/en/insert-on-duplicate.html
  ['on duplicate key', 'deduplication'],
  // PostgreSQL: https://www.postgresql.org/docs/current/ddl-constraints.html#DDL-CONSTRAINTS-PRIMARY-KEYS
  ['primary key', 'deduplication'],
  // PostgreSQL: https://www.postgresql.org/docs/current/ddl-constraints.html#DDL-CONSTRAINTS-UNIQUE-CONSTRAINTS
  ['unique constraint', 'deduplication'],
  // PostgreSQL: https://www.postgresql.org/docs/current/datatype-numeric.html#DATATYPE-SERIAL
  ['serial', 'auto increment'],
  // PostgreSQL: https://www.postgresql.org/docs/current/datatype-numeric.html#DATATYPE-SERIAL
  ['bigserial', 'auto increment'],
  // MySQL: https://dev.mysql.com/doc/refman/8.0/en/example-auto-increment.html
  ['auto_increment', 'auto increment'],
  // SQLite: https://www.sqlite.org/autoinc.html
  ['autoincrement', 'auto increment'],
  // PostgreSQL: https://www.postgresql.org/docs/current/tablefunc.html
  ['crosstab', 'pivot'],
  // PostgreSQL: https://www.postgresql.org/docs/current/ddl-constraints.html#DDL-CONSTRAINTS-NOT-NULL
  ['nullable', 'null'],
  // PostgreSQL: https://www.postgresql.org/docs/current/ddl-constraints.html#DDL-CONSTRAINTS-NOT-NULL
  ['not null', 'null'],
  // TimescaleDB Toolkit: https://docs.timescale.com/api/latest/hyperfunctions/
  ['ewma', 'exponentially weighted moving average'],
  // TimescaleDB Toolkit: https://docs.timescale.com/api/latest/hyperfunctions/
  ['exponential moving average', 'exponentially weighted moving average'],
  // InfluxDB: https://docs.influxdata.com/flux/v0/stdlib/universe/exponentialmovingaverage/
  ['exponentialmovingaverage', 'exponentially weighted moving average'],
];
