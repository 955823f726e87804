// Which Every Eval Ever instance-level version a line declares, read from the
// spellings found in real files: "0.3.0" (what the upstream helpers and the
// conversion skill write today), "instance_level_eval_0.2.2" (the 0.2.x files
// and the text-to-image branch), "0.2.1", "v0.2", none at all (early 0.2 files).
// A newer minor version of 0.x is read by the newest rules known here, with a
// note; another major version is refused.

export type EeeVersion =
  { ok: true; family: "0.2" | "0.3"; newer?: string; note?: string } | { ok: false; message: string };

const SPELLING = /^(?:instance_level_eval_)?v?(\d+)\.(\d+)(?:\.(\d+))?$/;
/** The newest minor version whose schema this reader knows (schemas/eee-instance-level-0.3.0.schema.json). */
export const NEWEST_KNOWN_MINOR = 3;

export function readEeeVersion(value: unknown): EeeVersion {
  if (value === undefined || value === null) return { ok: true, family: "0.2", note: "missing; read as 0.2" };
  const match = typeof value === "string" ? SPELLING.exec(value.trim()) : null;
  if (!match) {
    return {
      ok: false,
      message: `schema_version ${JSON.stringify(value)} is not an instance-level version (0.2.x or 0.3.x, e.g. "0.3.0" or "instance_level_eval_0.2.2")`,
    };
  }
  const major = Number(match[1]);
  const minor = Number(match[2]);
  if (major !== 0 || minor < 2) {
    return {
      ok: false,
      message: `schema_version ${JSON.stringify(value)} is not a 0.2.x or 0.3.x instance-level version this reader knows`,
    };
  }
  if (minor === 2) return { ok: true, family: "0.2" };
  if (minor === NEWEST_KNOWN_MINOR) return { ok: true, family: "0.3" };
  return {
    ok: true,
    family: "0.3",
    newer: value as string,
    note: `${JSON.stringify(value)} is newer than 0.3.x; read by the 0.3.0 rules, and fields 0.3.0 does not know are kept in the source record but not read`,
  };
}
