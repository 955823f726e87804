// `npm run restore -- FILE`: a backup from `npm run backup` into a fresh
// embedded data folder (EVALFORM_DATA_DIR, which must hold no database yet), or
// into the empty database DATABASE_URL names. All or nothing.
import { BackupError, restoreDatabase } from "@/lib/backup/database-backup";
import { getEnv } from "@/lib/env";

const file = process.argv[2];
if (!file || file.startsWith("-")) {
  console.error("usage: EVALFORM_DATA_DIR=FRESH_FOLDER npm run restore -- FILE");
  process.exit(2);
}
const env = getEnv();
try {
  const result = await restoreDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.EVALFORM_DATA_DIR }, file);
  console.log(`restored ${file} into ${result.into} (${result.tables} tables); serve it with npm run serve`);
} catch (error) {
  console.error(`restore failed: ${error instanceof BackupError ? error.message : String(error)}`);
  process.exit(1);
}
