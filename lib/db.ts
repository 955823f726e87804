// The one Prisma client of the process, on a pg pool that never waits forever:
// acquiring a connection and every statement have timeouts.
import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { getEnv, requireDatabaseUrl } from "@/lib/env";

export type Db = PrismaClient;
/** A client or an interactive-transaction client: services accept either. */
export type DbClient = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

const globalForPrisma = globalThis as unknown as { evalformPrisma?: PrismaClient; evalformBulkPool?: pg.Pool };

/** A client on its own pool; the app uses the one from db(). */
export function createDbClient(options: { databaseUrl: string; poolMax?: number }): PrismaClient {
  const env = getEnv();
  const adapter = new PrismaPg({
    connectionString: options.databaseUrl,
    max: options.poolMax ?? env.DATABASE_POOL_MAX,
    connectionTimeoutMillis: env.DATABASE_CONNECT_TIMEOUT_MS,
    statement_timeout: env.DATABASE_STATEMENT_TIMEOUT_MS,
    idle_in_transaction_session_timeout: env.DATABASE_STATEMENT_TIMEOUT_MS,
  });
  // Error messages reach the logs: the minimal format leaves the query's arguments (record bodies) out.
  return new PrismaClient({ adapter, errorFormat: "minimal" });
}

export function db(): PrismaClient {
  // Kept on globalThis so Next's dev reloads do not open a new pool per edit.
  globalForPrisma.evalformPrisma ??= createDbClient({ databaseUrl: requireDatabaseUrl() });
  return globalForPrisma.evalformPrisma;
}

/**
 * A small pg pool for bulk statements (import staging). Prisma's raw queries
 * keep every large parameter alive until the client is released, which makes
 * an import's memory grow with its file; plain pg lets each batch go.
 */
export function bulkPool(): pg.Pool {
  const env = getEnv();
  globalForPrisma.evalformBulkPool ??= new pg.Pool({
    connectionString: requireDatabaseUrl(),
    max: 2,
    allowExitOnIdle: true,
    connectionTimeoutMillis: env.DATABASE_CONNECT_TIMEOUT_MS,
    statement_timeout: env.DATABASE_STATEMENT_TIMEOUT_MS,
    idle_in_transaction_session_timeout: env.DATABASE_STATEMENT_TIMEOUT_MS,
  });
  return globalForPrisma.evalformBulkPool;
}
