/**
 * The relevance suite: what readers type, and the page that answers it. Used by
 * search-relevance.test.ts (must be in the top 3 pages) and by `npm run bench` (latency).
 */
export interface RelevanceQuery {
  query: string;
  /** Route of the page that answers the query. */
  page: string;
}

const q = (query: string, page: string): RelevanceQuery => ({ query, page: `/docs/${page}${page ? '/' : ''}` });

export const RELEVANCE_QUERIES: RelevanceQuery[] = [
  // Functions, by name
  q('avg', 'reference/function/aggregation'),
  q('count_distinct', 'reference/function/aggregation'),
  q('vwap', 'reference/function/finance'),
  q('to_timezone', 'reference/function/date-time'),
  q('date_trunc', 'reference/function/date-time'),
  q('dateadd', 'reference/function/date-time'),
  q('first_value', 'reference/function/window'),
  q('lag', 'reference/function/window'),
  q('regexp_replace', 'reference/function/pattern-matching'),
  q('json_extract', 'reference/function/json'),
  q('rnd_symbol', 'reference/function/random-value-generator'),
  q('timestamp_sequence', 'reference/function/timestamp-generator'),
  q('long_sequence', 'reference/function/row-generator'),
  // SQL keywords and statements
  q('sample by', 'reference/sql/sample-by'),
  q('latest on', 'reference/sql/latest-on'),
  q('asof join', 'reference/sql/asof-join'),
  q('create table', 'reference/sql/create-table'),
  q('drop table', 'reference/sql/drop'),
  q('explain', 'reference/sql/explain'),
  q('checkpoint', 'reference/sql/checkpoint'),
  q('copy', 'reference/sql/copy'),
  q('update', 'reference/sql/update'),
  // Concepts
  q('designated timestamp', 'concept/designated-timestamp'),
  q('partition', 'concept/partitions'),
  q('deduplication', 'concept/deduplication'),
  q('write ahead log', 'concept/write-ahead-log'),
  q('symbol', 'concept/symbol'),
  q('materialized view', 'reference/sql/create-mat-view'),
  q('out of order', 'concept/designated-timestamp'),
  // Operations, deployment, integrations
  q('docker', 'deployment/docker'),
  q('helm', 'deployment/kubernetes'),
  q('systemd', 'deployment/systemd'),
  q('backup', 'operations/backup'),
  q('prometheus metrics', 'operations/logging-metrics'),
  q('oidc', 'operations/openid-connect-oidc-integration'),
  q('tls', 'operations/tls'),
  q('grafana', 'third-party-tools/grafana'),
  q('kafka', 'third-party-tools/kafka'),
  q('pandas', 'third-party-tools/pandas'),
  q('psycopg', 'pgwire/python'),
  q('jdbc', 'pgwire/java'),
  q('python client', 'clients/ingest-python'),
  q('csv import', 'guides/import-csv'),
  q('rest api', 'reference/api/rest'),
  q('line protocol', 'reference/api/ilp/overview'),
  // Configuration keys and client settings
  q('http.net.bind.to', 'configuration'),
  q('cairo.sql.copy.root', 'configuration'),
  q('auto_flush_rows', 'configuration-string'),
  q('configuration string', 'configuration-string'),
  // Error messages
  q('too many open files', 'troubleshooting/faq'),
  q('table busy', 'troubleshooting/faq'),
  q('cannot insert rows out of order', 'troubleshooting/error-codes'),
  q('errno 24', 'troubleshooting/faq'),
  // Misspellings
  q('sampel by', 'reference/sql/sample-by'),
  q('dedupliction', 'concept/deduplication'),
  q('partiton', 'concept/partitions'),
  q('timestmap', 'concept/designated-timestamp'),
  q('kubernets', 'deployment/kubernetes'),
];
