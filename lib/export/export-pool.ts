// Connections for exports: each holds one read-only snapshot transaction for
// as long as its download runs, so they get a pool of their own and cannot
// starve the requests served through Prisma's pool.
import "server-only";
import pg from "pg";
import { getEnv, requireDatabaseUrl } from "@/lib/env";

const globalForExport = globalThis as unknown as { evalformExportPool?: pg.Pool };

export function exportPool(): pg.Pool {
  const env = getEnv();
  globalForExport.evalformExportPool ??= new pg.Pool({
    connectionString: requireDatabaseUrl(),
    max: env.EVALFORM_EXPORT_CONCURRENCY,
    allowExitOnIdle: true,
    application_name: "evalform-export",
    connectionTimeoutMillis: env.DATABASE_CONNECT_TIMEOUT_MS,
    statement_timeout: env.DATABASE_STATEMENT_TIMEOUT_MS,
    // A slow client may leave the snapshot idle between pages; this bounds how long.
    idle_in_transaction_session_timeout: env.EVALFORM_EXPORT_IDLE_TIMEOUT_MS,
  });
  return globalForExport.evalformExportPool;
}
