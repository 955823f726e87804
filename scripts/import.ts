// `npm run import -- --dry-run --format FORMAT [--json] [--system-under-test NAME] FILE` (formats: lib/imports/formats.ts)
// Reads a file with the importers, writes nothing, and prints the report.
// Exit 0 when every line was accepted, 1 when any was refused, 2 on bad usage
// or an unreadable file.
import { createReadStream } from "node:fs";
import { access } from "node:fs/promises";
import { parseArgs } from "node:util";
import {
  IMPORT_FORMAT_CHOICES,
  IMPORT_FORMAT_IDS,
  isImportFormat,
  isPrefillFormat,
  isScaleMapping,
  PREFILL_FORMAT_IDS,
  SCALE_MAPPINGS,
} from "@/lib/imports/formats";
import { readJudgments } from "@/lib/imports/read-judgments";
import { readItems, type ImportFormat } from "@/lib/imports/read-items";

const JUDGE_FORMATS = PREFILL_FORMAT_IDS.filter((id) => id !== "aif");
const USAGE = `usage: npm run import -- --dry-run --format ${IMPORT_FORMAT_CHOICES} [--json] [--system-under-test NAME] FILE
       npm run import -- --dry-run --format ${JUDGE_FORMATS.join("|")} [--scale ${SCALE_MAPPINGS.map((m) => m.id).join("|")}]
         [--judge-model MODEL] [--judge-version VERSION] [--scorer NAME[,NAME]] [--json] FILE   (judge outputs as prefills: read only, not matched to items)`;

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

let parsed: ReturnType<
  typeof parseArgs<{
    options: {
      "dry-run": { type: "boolean" };
      format: { type: "string" };
      json: { type: "boolean" };
      "system-under-test": { type: "string" };
      scale: { type: "string" };
      "judge-model": { type: "string" };
      "judge-version": { type: "string" };
      scorer: { type: "string" };
    };
    allowPositionals: true;
  }>
>;
try {
  parsed = parseArgs({
    options: {
      "dry-run": { type: "boolean" },
      format: { type: "string" },
      json: { type: "boolean" },
      "system-under-test": { type: "string" },
      scale: { type: "string" },
      "judge-model": { type: "string" },
      "judge-version": { type: "string" },
      scorer: { type: "string" },
    },
    allowPositionals: true,
  });
} catch (error) {
  fail((error as Error).message);
}
const { values, positionals } = parsed;
// Writing into the database goes through the app's import (admin UI and API);
// this command is the offline reader.
if (!values["dry-run"]) fail("only --dry-run is available from the command line");
const format = values.format;
const judgeFormat = isPrefillFormat(format) && format !== "aif" ? format : null;
if (!isImportFormat(format) && !judgeFormat)
  fail(`--format must be one of ${[...IMPORT_FORMAT_IDS, ...JUDGE_FORMATS].join(", ")}`);
const scale = values.scale ?? "linear";
if (!isScaleMapping(scale)) fail(`--scale must be one of ${SCALE_MAPPINGS.map((m) => m.id).join(", ")}`);
if (positionals.length !== 1) fail("name exactly one FILE");
const file = positionals[0]!;
try {
  await access(file);
} catch {
  console.error(`${file}: cannot be read`);
  process.exit(2);
}

const report = judgeFormat
  ? await readJudgments(createReadStream(file), {
      format: judgeFormat,
      scale,
      judgeModel: values["judge-model"],
      judgeVersion: values["judge-version"],
      scorers: values.scorer
        ?.split(",")
        .map((name) => name.trim())
        .filter(Boolean),
    })
  : await readItems(createReadStream(file), {
      format: format as ImportFormat,
      systemUnderTest: values["system-under-test"],
    });
if (values.json) {
  console.log(
    JSON.stringify({
      file,
      format,
      lines_read: report.linesRead,
      accepted: report.accepted,
      refused: report.refused,
      errors: report.errors,
      notes: report.notes,
    }),
  );
} else {
  for (const error of report.errors)
    console.log(`${file}:${error.line}: ${error.field || "/"} ${error.rule}: ${error.message}`);
  for (const note of report.notes) console.log(`${file}:${note.line}: note: ${note.field} ${note.message}`);
  console.log(
    `${report.linesRead} lines read, ${report.accepted} accepted, ${report.refused} refused (dry run: nothing written)`,
  );
}
process.exit(report.refused > 0 ? 1 : 0);
