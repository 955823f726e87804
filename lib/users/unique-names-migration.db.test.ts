// The migration that makes display names unique repairs what it finds first:
// names stored before the rule (5 MiB, control characters, blank) and names
// two users share in any case. Applied to a database migrated up to just
// before it and filled with such users.
import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { applyMigrations, MIGRATIONS_DIR } from "@/lib/migrations/apply-migrations";
import { createTestDatabase } from "@/lib/testing/test-database";

const MIGRATION = "20261124100100_unique_display_names";
const database = await createTestDatabase("names", { migrate: false });
const sql = new pg.Pool({ connectionString: database.url, max: 1 });

afterAll(async () => {
  await sql.end();
  await database.drop();
});

async function migrationsBefore(name: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "evalform-migrations-"));
  for (const entry of (await readdir(MIGRATIONS_DIR)).filter((entry) => entry < name)) {
    await cp(path.join(MIGRATIONS_DIR, entry), path.join(dir, entry), { recursive: true });
  }
  return dir;
}

it("repairs over-long, unprintable, blank and duplicate names, then refuses new duplicates", async () => {
  const before = await migrationsBefore(MIGRATION);
  await applyMigrations({ databaseUrl: database.url, dir: before });
  await rm(before, { recursive: true });
  const users: [string, string][] = [
    ["a", "Ines"],
    ["b", "INES"],
    ["c", " ines "],
    ["d", "x".repeat(5 * 1024 * 1024)],
    ["e", "bell\u0007name"],
    ["f", "   "],
    ["g", "Tom"],
  ];
  for (const [index, [id, name]] of users.entries()) {
    await sql.query(
      "INSERT INTO app_user (id, name, email, updated_at, created_at) VALUES ($1, $2, $3, now(), now() + make_interval(secs => $4))",
      [`${id}-user-0000`, name, `${id}@example.test`, index],
    );
  }
  await applyMigrations({ databaseUrl: database.url });
  const { rows } = await sql.query<{ id: string; name: string }>("SELECT id, name FROM app_user ORDER BY created_at");
  const names = Object.fromEntries(rows.map((row) => [row.id.slice(0, 1), row.name]));
  expect(names.a).toBe("Ines");
  expect(names.g).toBe("Tom");
  expect(new Set(rows.map((row) => row.name.toLowerCase())).size).toBe(rows.length);
  expect(names.b).toMatch(/^INES b-user-0$/);
  expect(names.d).toHaveLength(100);
  expect(names.e).toBe("bellname");
  expect(names.f).toBe("User f-user-0");
  await expect(
    sql.query("INSERT INTO app_user (id, name, email, updated_at) VALUES ('h', 'tom', 'h@example.test', now())"),
  ).rejects.toThrow(/app_user_name_lower_key/);
  await expect(
    sql.query("INSERT INTO app_user (id, name, email, updated_at) VALUES ('i', $1, 'i@example.test', now())", [
      "y".repeat(101),
    ]),
  ).rejects.toThrow(/app_user_name_valid/);
});
