// The embedded default holds up: migrations, the records service and the
// append-only trigger work on PGlite as on the machine's PostgreSQL, and data
// survives a restart.
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { chatDraft, withoutRater } from "@/lib/aif/sample-drafts";
import { createDbClient } from "@/lib/db";
import { applyMigrations } from "@/lib/migrations/apply-migrations";
import { getRecord, listRecords, submitRecord } from "@/lib/records/service";
import { createTestUser } from "@/lib/testing/test-users";
import { startEmbeddedPostgres } from "./embedded-postgres";

describe("embedded PostgreSQL (PGlite over a local socket)", () => {
  it("migrates, stores, refuses changes, and keeps data across restarts", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "evalform-pglite-"));
    const first = await startEmbeddedPostgres({ dataDir });
    const migrated = await applyMigrations({ databaseUrl: first.url });
    expect(migrated.alreadyApplied).toEqual([]);
    expect(migrated.applied).toContain("20261121000000_eval_records");

    const client = createDbClient({ databaseUrl: first.url, poolMax: 2 });
    const rater = await createTestUser(["rater"], { client });
    const stored = await submitRecord({ actor: rater, draft: withoutRater(chatDraft()), client });
    const raw = new pg.Client({ connectionString: first.url });
    await raw.connect();
    await expect(raw.query("DELETE FROM eval_record WHERE eval_id = $1", [stored.evalId])).rejects.toThrow(/append-only/);
    await raw.end();
    await client.$disconnect();
    await first.stop();

    const second = await startEmbeddedPostgres({ dataDir });
    expect((await applyMigrations({ databaseUrl: second.url })).applied).toEqual([]);
    const again = createDbClient({ databaseUrl: second.url, poolMax: 2 });
    expect((await getRecord({ actor: rater, evalId: stored.evalId, client: again })).body).toEqual(stored.body);
    expect((await listRecords({ actor: rater, client: again })).records.map((record) => record.evalId)).toEqual([stored.evalId]);
    await again.$disconnect();
    await second.stop();
  });
});
