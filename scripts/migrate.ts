// `npm run db:migrate`: apply pending migrations to DATABASE_URL.
import { applyMigrations } from "@/lib/migrations/apply-migrations";
import { requireDatabaseUrl } from "@/lib/env";

const result = await applyMigrations({ databaseUrl: requireDatabaseUrl() });
for (const name of result.applied) console.log(`applied  ${name}`);
console.log(`${result.applied.length} applied, ${result.alreadyApplied.length} already applied`);
for (const name of result.changedSinceApplied) {
  console.warn(`warning: ${name} changed after it was applied; write a new migration instead of editing an old one`);
}
