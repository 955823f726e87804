// Liveness and readiness for load balancers and orchestrators: a replica is
// ready when its database answers (within a short timeout) and every
// migration shipped with the code has been applied to it.
import "server-only";
import { readdir } from "node:fs/promises";
import { db } from "@/lib/db";
import { MIGRATIONS_DIR } from "@/lib/migrations/apply-migrations";
import { errorField, logger } from "@/lib/observability/logger";

export type Readiness = {
  ready: boolean;
  database: { ok: boolean; ms: number; error?: string };
  migrations: { ok: boolean; pending: string[]; error?: string };
};

const DATABASE_TIMEOUT_MS = 2_000;

// The migrations shipped with this build do not change while it runs: read them once, not per probe.
const shippedByDir = new Map<string, Promise<string[]>>();
function shippedMigrations(dir: string): Promise<string[]> {
  let shipped = shippedByDir.get(dir);
  if (!shipped) {
    shipped = readdir(dir, { withFileTypes: true }).then((entries) =>
      entries
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort(),
    );
    // A failed read is retried on the next probe.
    shipped.catch(() => shippedByDir.delete(dir));
    shippedByDir.set(dir, shipped);
  }
  return shipped;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref()),
  ]);
}

export async function readiness(options: { migrationsDir?: string } = {}): Promise<Readiness> {
  const start = performance.now();
  let database: Readiness["database"];
  let applied: Set<string> | null = null;
  try {
    const rows = await withTimeout(
      db().$queryRawUnsafe<{ migration_name: string }[]>(
        `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
      ),
      DATABASE_TIMEOUT_MS,
    );
    applied = new Set(rows.map((row) => row.migration_name));
    database = { ok: true, ms: Math.round(performance.now() - start) };
  } catch (error) {
    // The reason stays in the server log; the probe's answer says only what failed. Not ready is a
    // state a probe reports (a cold start's first query, a database restarting), not an app error: warn.
    logger().warn({ reason: errorField(error).message }, "readiness: database check failed");
    database = { ok: false, ms: Math.round(performance.now() - start), error: "the database did not answer" };
  }
  let migrations: Readiness["migrations"];
  try {
    const shipped = await shippedMigrations(options.migrationsDir ?? MIGRATIONS_DIR);
    const pending = applied ? shipped.filter((name) => !applied.has(name)) : shipped;
    migrations = applied
      ? { ok: pending.length === 0, pending }
      : { ok: false, pending, error: "unknown: the database did not answer" };
  } catch (error) {
    logger().error({ err: errorField(error) }, "readiness: cannot read the migrations");
    migrations = { ok: false, pending: [], error: "the migrations shipped with the app cannot be read" };
  }
  return { ready: database.ok && migrations.ok, database, migrations };
}
