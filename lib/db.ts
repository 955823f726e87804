// The one Prisma client of the process, on a pg pool that never waits forever:
// acquiring a connection and every statement have timeouts, and a connection
// lost while idle is replaced rather than fatal.
import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { getEnv, requireDatabaseUrl } from "@/lib/env";
import { errorField, logger } from "@/lib/observability/logger";

export type Db = PrismaClient;
/** A client or an interactive-transaction client: services accept either. */
export type DbClient = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

const globalForPrisma = globalThis as unknown as {
  evalformPrisma?: PrismaClient;
  evalformAppPool?: pg.Pool;
  evalformBulkPool?: pg.Pool;
  evalformExportPool?: pg.Pool;
};

function poolConfig(databaseUrl: string, max: number): pg.PoolConfig {
  const env = getEnv();
  return {
    connectionString: databaseUrl,
    max,
    connectionTimeoutMillis: env.DATABASE_CONNECT_TIMEOUT_MS,
    // Sent as startup parameters: behind PgBouncer set them on the role instead (README, "Deployment").
    statement_timeout: env.DATABASE_STATEMENT_TIMEOUT_MS,
    idle_in_transaction_session_timeout: env.DATABASE_STATEMENT_TIMEOUT_MS,
    // The two above are enforced by the server; when the server itself stops
    // answering (a host gone, a network black hole) only the client can give
    // up. A little later than the server would, so its own cancel wins.
    query_timeout: env.DATABASE_STATEMENT_TIMEOUT_MS + 5_000,
    keepAlive: true,
  };
}

/**
 * A pool that survives PostgreSQL going away: an idle connection the server
 * closed (a restart, a failover) emits 'error' on the pool, which without a
 * listener would end the process. pg-pool drops that connection and opens a
 * new one on the next checkout, so logging it is all there is to do.
 */
function newPool(config: pg.PoolConfig, name: PoolStats["pool"]): pg.Pool {
  const pool = new pg.Pool(config);
  pool.on("error", (error) =>
    logger().warn({ pool: name, err: errorField(error) }, "idle database connection lost; it will be replaced"),
  );
  return pool;
}

function clientOn(pool: pg.Pool): PrismaClient {
  // The client owns its pool: $disconnect ends it. We create the pool (rather
  // than let the adapter) so its counts can be read for /api/metrics.
  const adapter = new PrismaPg(pool, { disposeExternalPool: true });
  // Error messages reach the logs: the minimal format leaves the query's arguments (record bodies) out.
  // Interactive transactions wait for a connection and run as long as the pool's own settings allow, not
  // Prisma's tighter defaults (2 s to start, 5 s in all): under load a judge run's stores failed for good with
  // "Unable to start a transaction in the given time" while the pool would still have handed out a connection.
  const env = getEnv();
  return new PrismaClient({
    adapter,
    errorFormat: "minimal",
    transactionOptions: { maxWait: env.DATABASE_CONNECT_TIMEOUT_MS, timeout: env.DATABASE_STATEMENT_TIMEOUT_MS },
  });
}

/** A client on its own pool; the app uses the one from db(). */
export function createDbClient(options: { databaseUrl: string; poolMax?: number }): PrismaClient {
  return clientOn(newPool(poolConfig(options.databaseUrl, options.poolMax ?? getEnv().DATABASE_POOL_MAX), "app"));
}

export function db(): PrismaClient {
  // Kept on globalThis so Next's dev reloads do not open a new pool per edit.
  if (!globalForPrisma.evalformPrisma) {
    globalForPrisma.evalformAppPool = newPool(poolConfig(requireDatabaseUrl(), getEnv().DATABASE_POOL_MAX), "app");
    globalForPrisma.evalformPrisma = clientOn(globalForPrisma.evalformAppPool);
  }
  return globalForPrisma.evalformPrisma;
}

/**
 * The pool under db()'s Prisma client, for the one hot statement written in
 * plain SQL (storing a submitted record with its audit event in one round trip).
 */
export function appPool(): pg.Pool {
  db();
  return globalForPrisma.evalformAppPool!;
}

/**
 * A small pg pool for bulk statements (import staging) and bulk reads (a
 * quality report's ratings). Prisma's raw queries keep every large parameter
 * alive until the client is released, which makes an import's memory grow
 * with its file, and cost about as much per row as the query itself on a
 * 100k-row read; plain pg lets each batch go and can return rows as arrays.
 */
export function bulkPool(): pg.Pool {
  globalForPrisma.evalformBulkPool ??= newPool(
    { ...poolConfig(requireDatabaseUrl(), 2), allowExitOnIdle: true },
    "bulk",
  );
  return globalForPrisma.evalformBulkPool;
}

/**
 * Connections for exports: each holds one read-only snapshot transaction for
 * as long as its download runs, so they get a pool of their own and cannot
 * starve the requests served through Prisma's pool.
 */
export function exportPool(): pg.Pool {
  const env = getEnv();
  globalForPrisma.evalformExportPool ??= newPool(
    {
      ...poolConfig(requireDatabaseUrl(), env.EVALFORM_EXPORT_CONCURRENCY),
      allowExitOnIdle: true,
      application_name: "evalform-export",
      // A slow client may leave the snapshot idle between pages; this bounds how long.
      idle_in_transaction_session_timeout: env.EVALFORM_EXPORT_IDLE_TIMEOUT_MS,
    },
    "export",
  );
  return globalForPrisma.evalformExportPool;
}

export type PoolStats = { pool: "app" | "bulk" | "export"; total: number; idle: number; waiting: number };

/** Connections of this process's pools that exist so far: open, idle, and requests waiting for one. */
export function poolStats(): PoolStats[] {
  const pools = [
    ["app", globalForPrisma.evalformAppPool],
    ["bulk", globalForPrisma.evalformBulkPool],
    ["export", globalForPrisma.evalformExportPool],
  ] as const;
  return pools.flatMap(([name, pool]) =>
    pool ? [{ pool: name, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }] : [],
  );
}
