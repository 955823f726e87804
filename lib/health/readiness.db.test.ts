// Readiness against the migrated test database: ready as migrated; not ready
// when the code ships a migration the database has not had.
import { cp, mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { db } from "@/lib/db";
import { MIGRATIONS_DIR } from "@/lib/migrations/apply-migrations";
import { readiness } from "./readiness";

// The probe gives the database 2 s; a cold client's first query (connect, Prisma's start) can take longer
// on a loaded machine, which is a cold start and not what these tests are about.
beforeAll(() => db().$queryRaw`SELECT 1`);
afterAll(() => db().$disconnect());

it("is ready when every shipped migration is applied", async () => {
  const result = await readiness();
  expect(result).toMatchObject({ ready: true, database: { ok: true }, migrations: { ok: true, pending: [] } });
});

it("is not ready when a shipped migration is missing from the database, and names it", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "evalform-migrations-"));
  await cp(MIGRATIONS_DIR, dir, { recursive: true });
  await mkdir(path.join(dir, "29991231000000_future"));
  await writeFile(path.join(dir, "29991231000000_future", "migration.sql"), "SELECT 1;");
  const result = await readiness({ migrationsDir: dir });
  expect(result).toMatchObject({
    ready: false,
    database: { ok: true },
    migrations: { ok: false, pending: ["29991231000000_future"] },
  });
});
