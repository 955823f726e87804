// `npm run backup -- FILE`: the whole database (the embedded default's, or
// DATABASE_URL's) to FILE in pg_dump's custom format, while the app runs.
import { BackupError, backupDatabase } from "@/lib/backup/database-backup";
import { getEnv } from "@/lib/env";

const file = process.argv[2];
if (!file || file.startsWith("-")) {
  console.error("usage: npm run backup -- FILE   (e.g. evalform-$(date +%F).dump)");
  process.exit(2);
}
const env = getEnv();
try {
  const result = await backupDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.EVALFORM_DATA_DIR }, file);
  console.log(
    `backed up the whole database (PostgreSQL ${result.serverMajor}) to ${result.file}: ${result.bytes} bytes, sha256 ${result.sha256}`,
  );
} catch (error) {
  console.error(`backup failed: ${error instanceof BackupError ? error.message : String(error)}`);
  process.exit(1);
}
