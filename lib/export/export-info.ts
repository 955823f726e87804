// What an export names about its origin: the app's version and the contract
// it was validated against (by $id and the hash of its canonical JSON).
import { AIF_SCHEMA_VERSION, aifSchema } from "@/lib/aif/contract";
import { RECORD_HASH_ALGORITHM, recordHash } from "@/lib/records/canonical-hash";
import packageJson from "@/package.json";

export const EXPORT_MANIFEST_VERSION = "1";

export const exportOrigin = {
  app: { name: packageJson.name, version: packageJson.version },
  schema: { id: aifSchema.$id, version: AIF_SCHEMA_VERSION, sha256: recordHash(aifSchema) },
  record_hash: RECORD_HASH_ALGORITHM,
};
