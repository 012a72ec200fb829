/**
 * `symbol-gateway/postgres`: the PostgreSQL store. One process runs the chain and writes it
 * (`openPostgresChain`), or follows another gateway into it (`Mirror`); any number of gateway
 * instances serve from the database (`createPostgresBackend`). Needs the `pg` package (an
 * optional peer dependency).
 */
export { createPostgresBackend, PostgresEventFeed, type PostgresBackend, type PostgresBackendOptions, type StandbyWakeUps } from './postgres/backend.js';
export { migrate, MIGRATIONS, type Migration } from './postgres/migrations.js';
export { POSTGRES_DEFAULTS, type PostgresOptions } from './postgres/pool.js';
export { EVENTS_CHANNEL } from './postgres/blocks.js';
export { openPostgresChain, PostgresWriter, writerBackend, type PostgresChainOptions, type PostgresWriterOptions } from './postgres/writer.js';
export { INBOUND_CHANNEL } from './postgres/inputs.js';
export { Mirror, type MirrorOptions, type MirrorProgress } from './mirror/mirror.js';
