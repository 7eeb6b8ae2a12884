/**
 * Real questions: what people asked or pasted in public issue threads of QuestDB, its
 * clients and its integrations, trimmed to what fits the search box (64 characters), each
 * with its source thread and the page of this site that answers it. Nothing here is
 * written for the suite: every query is the reader's own wording (a title, a sentence of
 * the thread or the error text they pasted). Used by search-real-questions.test.ts (top 3
 * and top 1 rates) and by `npm run bench` (ours beside Pagefind and MiniSearch).
 *
 * Kinds, to read the figures by: `error` (a pasted message), `foreign` (another product's
 * words for something QuestDB does its own way), `symptom` (what the reader saw, not the
 * feature), `how` (a task or question in plain words).
 */
export type RealQuestionKind = 'error' | 'foreign' | 'symptom' | 'how';

export interface RealQuestion {
  query: string;
  /** Route of the page that answers it (`/docs/…/`). */
  page: string;
  /** The section of that page, when one section answers it. */
  anchor?: string;
  /** Where it was asked: `owner/repo#number`. */
  source: string;
  kind: RealQuestionKind;
}

/** `page` is a path under /docs/, with `#anchor` when one section answers. */
const r = (kind: RealQuestionKind, query: string, page: string, source: string, anchor?: string): RealQuestion => {
  const [path, hash] = page.split('#') as [string, string | undefined];
  const section = anchor ?? hash;
  return { query, page: `/docs/${path}${path ? '/' : ''}`, source, kind, ...(section ? { anchor: section } : {}) };
};

/** The sections written to answer questions no page answered before. */
const ANSWER = {
  dbeaverOid: 'reference/api/postgres#duplicate-column-nameoid-in-dbeaver-or-navicat',
  notReachable408: 'web-console#questdb-is-not-reachable-408',
  datetime64us: 'clients/ingest-python#timestamp-units-in-a-dataframe',
  pgLegacyMode: 'reference/api/postgres#legacy-mode-and-pgres_tuples_ok',
  pivot: 'reference/sql/case#pivot-rows-into-columns',
  autoIncrement: 'troubleshooting/faq#how-do-i-get-an-auto-increment-id',
  grafanaAlert: 'third-party-tools/grafana#macros-in-alert-rules',
  dedupVarSize: 'concept/deduplication#which-column-types-can-be-keys',
  expCsv: 'reference/api/rest#exp-parameters',
  ewma: 'reference/function/window#exponentially-weighted-moving-average',
  mmapErrno22: 'troubleshooting/faq#why-do-i-see-could-not-mmap-with-errno22-on-docker-desktop',
} as const;

export const REAL_QUESTIONS: RealQuestion[] = [
  // PostgreSQL tools and the PostgreSQL wire protocol
  r('error', 'ERROR: Duplicate column [name=oid] Position: 14', ANSWER.dbeaverOid, 'questdb/questdb#2438'),
  r('how', 'Failed using third-party database tool DBeaver connect questdb', ANSWER.dbeaverOid, 'questdb/questdb#2438'),
  r('how', 'third part tools want to connect questdb by postgresql navicat', ANSWER.dbeaverOid, 'questdb/questdb#2510'),
  r('error', 'DBeaver schema query fails Duplicate column [name=oid]', ANSWER.dbeaverOid, 'questdb/questdb#2387'),
  r('error', "error with status PGRES_TUPLES_OK and no message from the libpq", ANSWER.pgLegacyMode, 'questdb/questdb#5205'),
  r('error', 'Feature not supported: cached plan must not change result type', ANSWER.pgLegacyMode, 'questdb/questdb#5368'),
  r('how', 'AsyncPG pool does not work with PG wire', 'pgwire/python', 'questdb/questdb#1777'),
  r('how', 'Does QuestDB support asyncpg library?', 'pgwire/python', 'questdb/questdb#1100'),
  r('symptom', 'Timestamps have wrong date when inserting using Postgres JDBC', 'pgwire/java', 'questdb/questdb#1359'),
  r('error', 'JDBC PreparedStatement setObject() fails for LocalDateTime', 'pgwire/java', 'questdb/questdb#6051'),
  r('error', 'npgsql bind timestamp parameter parsing error', 'pgwire/c-sharp', 'questdb/questdb#4935'),
  r('error', 'postgres jdbc driver connect error wrong user/password', 'reference/api/postgres', 'questdb/questdb#782'),
  r('how', "how to change password, pg.password in server.conf not honored", 'troubleshooting/faq', 'questdb/questdb#1886', 'how-do-i-change-the-default-password'),
  r('symptom', 'Unable to paginate using PostgreSQL in Java, limit ?,?', 'reference/sql/limit', 'questdb/questdb#4894'),

  // Web console
  r('error', 'QuestDB is not reachable [408]', ANSWER.notReachable408, 'questdb/questdb#1656'),
  r('error', 'Web console shows QuestDB is not reachable [503]', ANSWER.notReachable408, 'questdb/questdb#1718'),
  r('symptom', 'SQL Query for Retrieving Latest Trade Entry', 'reference/sql/latest-on', 'questdb/questdb#4644'),

  // Python client and pandas
  r('error', "Unsupported dtype datetime64[us] for column 'timestamp'", ANSWER.datetime64us, 'questdb/py-questdb-client#104'),
  r('symptom', 'Importing pandas dataframes does not assign timestamp correctly', 'third-party-tools/pandas', 'questdb/py-questdb-client#47'),
  r('symptom', 'saving a pd.DataFrame with column name "timestamp" it fails', 'third-party-tools/pandas', 'questdb/py-questdb-client#40'),
  r('symptom', 'Wrong data entry date issue - shows year as 1970', 'clients/date-to-timestamp-conversion', 'questdb/py-questdb-client#46'),
  r('how', 'Possible stickiness in auto_flush_interval behaviour', 'clients/ingest-python', 'questdb/py-questdb-client#73', 'flush-and-auto-flush'),
  r('error', 'Could not flush buffer: Broken pipe (os error 32)', 'troubleshooting/os-error-codes', 'questdb/py-questdb-client#4'),
  r('error', 'Timestamp -252115200000000 is negative. It must be >= 0', 'concept/designated-timestamp', 'questdb/py-questdb-client#34'),
  r('error', 'cast error from protocol type: INTEGER to column type: STRING', 'reference/api/ilp/columnset-types', 'questdb/py-questdb-client#89'),

  // Other clients
  r('how', 'If flush fails due to a network issue, create a new sender?', 'clients/ingest-go', 'questdb/go-questdb-client#10'),
  r('how', 'send timestamps as int64 won\'t work for auto-created table', 'clients/ingest-go', 'questdb/go-questdb-client#2'),
  r('error', 'nodejs client error: Table name already set', 'clients/ingest-node', 'questdb/nodejs-questdb-client#39'),
  r('symptom', 'Cant insert data no matter what I do timestampColumn flush', 'clients/ingest-node', 'questdb/nodejs-questdb-client#29'),
  r('how', "Option to supply name for 'timestamp' in nodejs client", 'clients/ingest-node', 'questdb/nodejs-questdb-client#43'),
  r('error', 'InvalidApiCall : Table has already been specified.', 'clients/ingest-dotnet', 'questdb/net-questdb-client#43'),
  r('how', 'I see there is sender implementation but where is reading?', 'clients/ingest-node', 'questdb/nodejs-questdb-client#10'),
  r('symptom', 'Empty query result with pg-cursor + pg-query-stream Node.js', 'pgwire/javascript', 'questdb/questdb#1897'),
  r('how', 'Installing C++ lib. Asks for Rust?', 'clients/ingest-c-and-cpp', 'questdb/c-questdb-client#119'),
  r('error', 'rustc has been install, but CMake error, why?', 'clients/ingest-c-and-cpp', 'questdb/c-questdb-client#95'),
  r('how', 'questdb-rs ingress documentation connection security options', 'clients/ingest-rust', 'questdb/c-questdb-client#61'),

  // InfluxDB line protocol
  r('symptom', 'ILP: nothing will be created, no error was found in the log', 'troubleshooting/faq', 'questdb/questdb#1938', 'i-inserted-rows-why-cant-i-see-them-yet'),
  r('symptom', 'ILP error on database side is not propagated back to client', 'reference/api/ilp/overview', 'questdb/questdb#1042'),
  r('how', 'how to write valid ILP messages for a designated timestamp', 'reference/api/ilp/overview', 'questdb/questdb#1608'),
  r('error', 'An CAST ERROR occurred while writing data using ILP', 'troubleshooting/faq', 'questdb/questdb#2110', 'why-does-ilp-reject-my-rows-with-a-cast-error'),
  r('how', 'ILP write string value in fields to symbol column', 'reference/api/ilp/columnset-types', 'questdb/questdb#1037'),
  r('how', 'token authentication like influxdb', 'guides/influxdb-migration', 'questdb/questdb#3850'),
  r('how', 'Support for HTTP token authentication', 'reference/api/ilp/overview', 'questdb/questdb#4787', 'authentication'),
  r('how', 'Docker image ILP port at 9000 vs 9009', 'reference/api/ilp/overview', 'questdb/questdb#6015'),
  r('error', 'invalid column name [table=datatest2, columnName=user-agent]', 'reference/api/ilp/advanced-settings', 'questdb/questdb#822', 'table-and-column-names'),
  r('how', 'Confusing InfluxDB Table/Column Naming Restrictions', 'reference/api/ilp/advanced-settings', 'questdb/questdb#3845', 'table-and-column-names'),
  r('how', 'Semicolon in column name is invalid', 'reference/api/ilp/advanced-settings', 'questdb/documentation#217', 'table-and-column-names'),
  r('symptom', 'telegraf metrics with a dot in their name dropped by questdb', 'reference/api/ilp/advanced-settings', 'influxdata/telegraf#14116', 'table-and-column-names'),

  // Tables, WAL, locks
  r('error', 'Table Busy use pgsql', 'troubleshooting/faq', 'questdb/questdb#4086', 'why-do-i-get-table-busy-errors'),
  r('error', 'ERROR: table busy [reason=insert]', 'troubleshooting/error-codes', 'questdb/questdb#1461'),
  r('error', 'could not get table writer, table busy [reason=unknown]', 'troubleshooting/faq', 'questdb/questdb#3727', 'why-do-i-get-table-busy-errors'),
  r('error', 'PGWire inserts fail with table busy [reason=insert]', 'troubleshooting/faq', 'questdb/questdb#5837', 'why-do-i-get-table-busy-errors'),
  r('symptom', 'Stuck in table lock while writing using HTTP REST API', 'troubleshooting/faq', 'questdb/questdb#3439', 'why-do-i-get-table-busy-errors'),
  r('error', 'cannot lock table errno=11', 'troubleshooting/faq', 'questdb/questdb#5357', 'why-do-i-get-table-busy-errors'),
  r('symptom', 'Table stays locked after running out of disk space', 'troubleshooting/faq', 'questdb/questdb#1645', 'the-disk-is-full-what-happens-and-what-do-i-do'),
  r('symptom', 'DB stopped to write data into tables silently', 'concept/write-ahead-log', 'questdb/questdb#3986', 'suspended-tables'),
  r('symptom', 'unable to write any data after the host unexpectedly shuts down', 'reference/sql/alter-table-resume-wal', 'questdb/questdb#3979'),
  r('symptom', 'Having problems again with resume wal, tables getting suspended', 'reference/sql/alter-table-resume-wal', 'questdb/questdb#5406'),
  r('how', 'Automatic recovery for suspended (WAL) tables on start-up', 'reference/sql/alter-table-resume-wal', 'questdb/questdb#4829'),
  r('symptom', 'UPDATE works in standard table but doesn\'t in WAL table', 'concept/write-ahead-log', 'questdb/questdb#3296', 'when-rows-become-visible'),
  r('symptom', 'Update very slow, update 100 records take 10 seconds', 'reference/sql/update', 'questdb/questdb#2191'),
  r('how', 'UPDATE support', 'reference/sql/update', 'questdb/questdb#262'),
  r('how', 'why questdb cannot insert rows out of order?', 'troubleshooting/error-codes', 'questdb/questdb#2207'),

  // Memory, files, OS errors
  r('error', 'could not mmap [size=28800, offset=0, fd=261855] errno=12', 'troubleshooting/error-codes', 'questdb/questdb#4303'),
  r('error', 'could not mmap [size=1916, offset=0, fd=65199, memUsed=21435022', 'troubleshooting/error-codes', 'questdb/questdb#3609'),
  r('symptom', 'Could not mmap and subsequent crash on simple query', 'troubleshooting/faq', 'questdb/questdb#5169', 'why-do-i-see-could-not-mmap-with-errno12'),
  r('error', 'errno=12 on SELECT max(open_time)', 'troubleshooting/faq', 'questdb/questdb#4303', 'why-do-i-see-could-not-mmap-with-errno12'),
  r('error', 'CairoException [22] could not mmap', ANSWER.mmapErrno22, 'questdb/questdb#1521'),
  r('symptom', 'Increased max open files limit seems to be ignored on MacOS', 'operations/capacity-planning', 'questdb/questdb#3405'),
  r('error', 'could not open read-only [file=/home/tey/.questdb/db/stock_hist', 'troubleshooting/error-codes', 'questdb/questdb#2189'),
  r('symptom', 'Potential memory leak, memory usage rises, process OOM killed', 'guides/architecture/memory-management', 'questdb/questdb#1865'),
  r('error', 'Memory leak causing java.lang.OutOfMemoryError', 'guides/architecture/memory-management', 'questdb/questdb#5370'),
  r('symptom', 'High idle CPU usage', 'operations/capacity-planning', 'questdb/questdb#269', 'cpu'),
  r('how', 'Default worker count shared.worker.count', 'operations/capacity-planning', 'questdb/questdb#200'),

  // Deployment and operations
  r('symptom', 'Get started docker image changed owner of directory', 'deployment/docker', 'questdb/questdb#3169'),
  r('how', 'It is not possible to attach volume to /root/.questdb', 'deployment/docker', 'questdb/questdb#1022'),
  r('error', 'Run QuestDB on Openshift fails version.txt (Permission denied)', 'troubleshooting/os-error-codes', 'questdb/questdb#2456'),
  r('symptom', 'questdb.exe shut down, unable to start automatically', 'operations/command-line-options', 'questdb/questdb#1048'),
  r('error', 'Java error when starting QuestDB, JDK 17', 'operations/command-line-options', 'questdb/questdb#1362'),
  r('error', 'Unable to start QuestDB service on Windows 10', 'operations/command-line-options', 'questdb/questdb#1073'),
  r('symptom', 'Service does not start on Windows when path contains spaces', 'operations/command-line-options', 'questdb/questdb#1116'),
  r('error', 'questdb.exe start: Service does not exist: QuestDB', 'operations/command-line-options', 'questdb/questdb#1222'),
  r('symptom', 'Logging on Windows not working', 'operations/logging-metrics', 'questdb/questdb#1416'),
  r('how', 'Fix questdb.service example systemd', 'deployment/systemd', 'questdb/questdb#4265'),
  r('error', 'Snapshots are not supported on Windows backup', 'operations/backup', 'questdb/questdb#4811'),
  r('how', 'Backup to S3', 'operations/backup', 'questdb/questdb#2358'),
  r('symptom', 'Questdb backups are incomplete BACKUP database', 'operations/backup', 'questdb/questdb#1326'),
  r('symptom', 'run QuestDB where power can be randomly reset, lose data?', 'concept/storage-model', 'questdb/questdb#4977'),

  // Other products' words
  r('foreign', 'emulate PostgreSQL serial/identity (auto increment ID column)', ANSWER.autoIncrement, 'questdb/questdb#2869'),
  r('foreign', "doesn't questdb support primary key? duplicate data", 'concept/deduplication', 'questdb/questdb#2474'),
  r('foreign', 'Unique constraint for columns and upsert on conflict', 'concept/deduplication', 'questdb/questdb#1849'),
  r('foreign', 'Do nothing on DEDUP UPSERT', 'concept/deduplication', 'questdb/questdb#4256'),
  r('foreign', 'Built in retention policy', 'concept/ttl', 'questdb/questdb#4369'),
  r('foreign', 'Add support continuous query like influxdb 1.8 for kline', 'concept/mat-views', 'questdb/questdb#2395'),
  r('foreign', 'Add PIVOT function', ANSWER.pivot, 'questdb/questdb#997'),
  r('foreign', 'exponentially weighted moving average EWMA', ANSWER.ewma, 'questdb/questdb#5326'),
  r('foreign', 'postgres at time zone, convert timestamp to target timezone', 'guides/working-with-timestamps-timezones', 'questdb/questdb#1057'),
  r('foreign', "insert timestamp with time zone '2020-12-31 15:15:51.663+00:00'", 'guides/working-with-timestamps-timezones', 'questdb/questdb#740'),
  r('foreign', 'Telegraf send metrics to questdb socket_writer', 'third-party-tools/telegraf', 'influxdata/telegraf#16126'),
  r('foreign', 'use telegraf to take influxdb http writes and send to questdb', 'third-party-tools/telegraf', 'influxdata/telegraf#14116'),

  // Grafana
  r('error', 'Grafana alert fails pq: Invalid date', ANSWER.grafanaAlert, 'questdb/questdb#1304'),
  r('error', 'Grafana alert fails Invalid date $__timeFilter(ts)', ANSWER.grafanaAlert, 'questdb/questdb#3374'),
  r('symptom', '__timeFilter macro in alert rule breaks the query in QuestDB', ANSWER.grafanaAlert, 'grafana/grafana#70786'),
  r('symptom', '$__timeFilter(timestamp) macro generates nanosecond precision', ANSWER.grafanaAlert, 'questdb/questdb.io#917'),
  r('symptom', 'Unable to retrieve data from Grafana Table No options found', 'third-party-tools/grafana', 'questdb/questdb#3640'),

  // Deduplication
  r('error', 'deduplicate key column can only be fixed size column', ANSWER.dedupVarSize, 'questdb/questdb-connect#14'),
  r('symptom', "Deduplication doesn't apply to /imp CSV upload", 'concept/deduplication', 'questdb/questdb#3632'),

  // CSV import and export, REST
  r('how', 'Definition of a delimiter for CSV exports', ANSWER.expCsv, 'questdb/questdb#2452'),
  r('symptom', 'REST /exec limit does not work as documented limit=-20', 'reference/api/rest', 'questdb/questdb#728'),
  r('error', 'Invalid typeroot error when import csv use curl', 'reference/api/rest', 'questdb/questdb#1639'),
  r('symptom', 'Upload CSV some rows date (TIMESTAMP) is null', 'guides/import-csv', 'questdb/questdb#2704'),
  r('symptom', 'CSV import via web interface fails with small file, pending', 'guides/import-csv', 'questdb/questdb#3052'),
  r('symptom', 'CSV upload is broken in Web Console, drag&drop CSVs', 'guides/import-csv', 'questdb/questdb#3040'),
  r('symptom', 'fails to import CSV files that it has exported (/exp then /imp)', 'reference/api/rest', 'questdb/questdb#1357'),
  r('error', 'Unable to import data when a designated timestamp column present', 'reference/sql/copy', 'questdb/questdb#2675'),
  r('symptom', 'date.formats and text_loader.json: not a timestamp', 'guides/import-csv', 'questdb/questdb#1258'),
  r('symptom', 'Inconsistent use of format in csv import COPY', 'guides/import-csv', 'questdb/questdb#4761'),
  r('error', 'CsvFileIndexer could not parse timestamp', 'reference/sql/copy', 'questdb/questdb#2675'),
  r('symptom', 'Timestamps from Postgres are not imported COPY demo FROM csv', 'reference/sql/copy', 'questdb/questdb#2687'),

  // SAMPLE BY, FILL, time zones
  r('symptom', 'ALIGN to CALENDAR bug when using LINEAR fill', 'reference/sql/sample-by', 'questdb/questdb#4355'),
  r('symptom', "SAMPLE BY 1M FILL (NULL) ALIGN TO CALENDAR TIME ZONE 'EUROPE/BER", 'reference/sql/sample-by', 'questdb/questdb#6755'),
  r('error', "'time zone' or 'with offset' expected", 'reference/sql/sample-by', 'questdb/questdb#1295'),
  r('symptom', "SAMPLE BY FROM TO ALIGN TO CALENDAR isn't aligning to calendar", 'reference/sql/sample-by', 'questdb/questdb#5381'),
  r('symptom', 'FILL keyword not filling for each interval of the SAMPLE BY', 'reference/sql/sample-by', 'questdb/questdb#3764'),
  r('symptom', 'Fill not filling values at start or end of time range', 'reference/sql/fill', 'questdb/questdb#1417'),
  r('how', 'Support fills for SAMPLE BY FROM-TO with empty record sets', 'reference/sql/sample-by', 'questdb/questdb#4861'),
  r('symptom', 'Incorrect sampling behavior with non-UTC aligned sampling', 'reference/sql/sample-by', 'questdb/questdb#2384'),
  r('how', 'display and search data with different timezone', 'guides/working-with-timestamps-timezones', 'questdb/questdb#59'),
  r('how', 'Add an optional timezone parameter to dateadd', 'guides/working-with-timestamps-timezones', 'questdb/questdb#5114'),
  r('symptom', 'to_timezone() outputs wrong time zone designator', 'guides/working-with-timestamps-timezones', 'questdb/questdb#2364'),

  // Joins, window functions
  r('symptom', 'ASOF JOIN is joining too much in the past', 'reference/sql/asof-join', 'questdb/questdb#5562'),
  r('symptom', 'Latest by returns incorrect results when applied with filters', 'reference/sql/latest-on', 'questdb/questdb#1419'),
  r('how', 'DISTINCT clauses SQL', 'reference/sql/distinct', 'questdb/questdb#72'),
  r('how', 'Support for window functions / moving averages', 'reference/function/window', 'questdb/questdb#1351'),

  // Schema, types, symbols
  r('symptom', 'Query performance degradation with high SYMBOL cardinality', 'concept/symbol', 'questdb/questdb#6246'),
  r('symptom', 'symbol Super slow insert', 'concept/symbol', 'questdb/questdb#3886'),
  r('symptom', 'Slow inserts with indices on Symbol columns', 'concept/indexes', 'questdb/questdb#2831'),
  r('how', 'Change type of a column from SQL', 'reference/sql/alter-table-change-column-type', 'questdb/questdb#257'),
  r('how', 'ALTER TABLE RENAME COLUMN', 'reference/sql/alter-table-rename-column', 'questdb/questdb#223'),
  r('how', 'Enable CREATE TABLE AS also for any select', 'reference/sql/create-table', 'questdb/questdb#5290'),
  r('how', 'Create table from SELECT results', 'reference/sql/create-table', 'questdb/questdb#3293'),
  r('how', 'UUID type support, store UUIDs as strings', 'reference/sql/datatypes', 'questdb/questdb#1620'),
  r('how', 'Support explicit insertion of nulls', 'reference/sql/datatypes', 'questdb/questdb#592'),
  r('how', 'how to make a field nullable', 'reference/sql/datatypes', 'questdb/questdb#589'),
  r('how', 'Drop partition, currently can only drop table via SQL', 'reference/sql/alter-table-drop-partition', 'questdb/questdb#77'),

  // Materialized views, Kafka
  r('error', 'Materialized View is invalid: Update Operation', 'operations/updating-data', 'questdb/questdb#6006'),
  r('symptom', 'Materialized View Invalidation when dropping base partitions', 'concept/mat-views', 'questdb/questdb#6219'),
  r('symptom', "materialized view doesn't reflect new entries in base table", 'concept/mat-views', 'questdb/questdb#5988'),
  r('how', 'use Kafka timestamps as designated timestamps', 'third-party-tools/kafka', 'questdb/kafka-questdb-connector#8'),
  r('symptom', 'Messages not being sent back to DLQ on failure', 'third-party-tools/kafka', 'questdb/kafka-questdb-connector#26'),
];
