// The evalform command line: validate files offline, verify an export against
// its manifest, and import / export through a running server.
import { parseArgs } from "node:util";
import { runValidateCommand } from "@/lib/aif/validate-files";
import { EXPORT_FORMAT_IDS } from "@/lib/export/formats/registry";
import { ITEM_STATUSES } from "@/lib/adjudication/rule";
import { RECORD_FILTER_KEYS } from "@/lib/export/record-filter";
import { IMPORT_FORMAT_CHOICES, PREFILL_FORMAT_CHOICES, SCALE_MAPPINGS } from "@/lib/imports/formats";
import { apiClientFromEnv, CliError } from "./api-client";
import { runEstimate } from "./estimate-command";
import { runExport } from "./export-command";
import { runLeaderboard } from "./leaderboard-command";
import { decideStagedImport, importReport, runImport, type ImportKind } from "./import-command";
import { REPORT_SECTIONS, runReport } from "./report-command";
import { printErr, printOut } from "./terminal-text";
import { runVerify } from "./verify-command";

export const USAGE = `usage: evalform <command>
  validate [--json] FILE...                 check AIF records (JSON or JSONL) offline; exit 1 if any is invalid
  verify FILE MANIFEST                      check an export against its manifest offline (records' hashes: JSON and JSONL)
  import items FILE [--format ${IMPORT_FORMAT_CHOICES}] [--system-under-test NAME] [--store-valid|--stage]
  import prefills FILE --suite SUITE_ID [--format ${PREFILL_FORMAT_CHOICES}]
         [--scale ${SCALE_MAPPINGS.map((m) => m.id).join("|")}] [--judge-model MODEL] [--judge-version VERSION]
         [--scorer NAME[,NAME]] [--store-valid|--stage]   the judge when the file does not name it; Inspect scorers that are model-graded
  import records FILE [--store-valid|--stage]   e.g. an export of another instance (eval_ids kept)
  import report IMPORT_ID                   an import's per-line report (JSON)
  import decide IMPORT_ID import_valid_lines|discard   for an import staged with --stage
  export [--format ${EXPORT_FORMAT_IDS.join("|")}] [-o FILE] [--manifest FILE] [--decisions FILE] [--adjudications FILE] [--pairwise FILE]
         [--suite_id KEY] [--task_id ID]... [--rater_type TYPE]... [--rater_id ID]
         [--from ISO] [--to ISO] [--derived true|false] [--gold true|false]
         [--status ${ITEM_STATUSES.join("|")}]
  report SUITE_UUID [--section ${REPORT_SECTIONS.join("|")}] [--system-under-test NAME] [--modality M] [--tag KEY=VALUE]
                                            the suite's quality report as JSON (a section: lessons = what adjudication teaches)
  leaderboard EXPORT.jsonl --sidecar PAIRWISE.jsonl [--suite KEY] [--raters all|humans|judge] [--modality M] [--tag KEY=VALUE]
                                            a pairwise leaderboard recomputed offline from an export and its pairwise sidecar (JSON);
                                            a slice needs a sidecar that lists each pair's modalities and tags (exported since slices)
  estimate EXPORT.jsonl [--suite KEY] [--design DESIGN.json] [--adjudications ADJ.jsonl] [--target-width W]
                                            a suite's human-only, judge-only and corrected (PPI++) estimates recomputed offline
                                            from an export (JSON, as GET /api/suites/:id/estimates); the design sidecar gives
                                            each item's inclusion probability, the adjudication sidecar the decisions to leave out
server commands use EVALFORM_URL (default http://127.0.0.1:3000) and EVALFORM_TOKEN (an API token)`;

const filterOptions = Object.fromEntries(
  RECORD_FILTER_KEYS.map((key) => [
    key,
    { type: "string" as const, multiple: key === "task_id" || key === "rater_type" },
  ]),
);

export async function runCli(argv: string[], env: Record<string, string | undefined>): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case "validate":
        return await runValidateCommand(rest, {
          out: printOut,
          err: printErr,
        });
      case "verify": {
        if (rest.length !== 2) throw new CliError(USAGE, 2);
        const result = await runVerify(rest[0]!, rest[1]!);
        for (const problem of result.problems) printOut(problem);
        if (result.note) printOut(result.note);
        printOut(
          result.problems.length > 0
            ? `${result.problems.length} problem(s)`
            : result.recordsChecked
              ? `${rest[0]}: ${result.count} records match the manifest`
              : `${rest[0]}: the file matches the manifest's sha256`,
        );
        return result.problems.length === 0 ? 0 : 1;
      }
      case "import": {
        const { values, positionals } = parseArgs({
          args: rest,
          allowPositionals: true,
          options: {
            format: { type: "string" },
            "system-under-test": { type: "string" },
            suite: { type: "string" },
            "store-valid": { type: "boolean" },
            scale: { type: "string" },
            "judge-model": { type: "string" },
            "judge-version": { type: "string" },
            scorer: { type: "string" },
            stage: { type: "boolean" },
          },
        });
        const [kind, file] = positionals;
        if (kind === "report" && file && positionals.length === 2) {
          printOut(JSON.stringify(await importReport(apiClientFromEnv(env), file), null, 2));
          return 0;
        }
        if (kind === "decide" && file && positionals.length === 3) {
          const decided = await decideStagedImport(apiClientFromEnv(env), file, positionals[2]!);
          printOut(JSON.stringify(decided));
          return 0;
        }
        if (!["items", "prefills", "records"].includes(kind ?? "") || !file || positionals.length !== 2)
          throw new CliError(USAGE, 2);
        const report = await runImport(apiClientFromEnv(env), {
          kind: kind as ImportKind,
          file,
          format: values.format,
          systemUnderTest: values["system-under-test"],
          suite: values.suite,
          storeValid: values["store-valid"],
          scale: values.scale,
          judgeModel: values["judge-model"],
          judgeVersion: values["judge-version"],
          scorers: values.scorer,
          stage: values.stage,
        });
        printOut(JSON.stringify(report));
        return 0;
      }
      case "export": {
        const { values } = parseArgs({
          args: rest,
          options: {
            format: { type: "string" },
            output: { type: "string", short: "o" },
            manifest: { type: "string" },
            decisions: { type: "string" },
            adjudications: { type: "string" },
            pairwise: { type: "string" },
            ...filterOptions,
          },
        });
        const { format, output, manifest, decisions, adjudications, pairwise, ...filter } = values;
        await runExport(apiClientFromEnv(env), {
          format,
          output,
          manifest,
          decisions,
          adjudications,
          pairwise,
          filter: filter as Record<string, string | string[]>,
        });
        return 0;
      }
      case "estimate": {
        const { values, positionals } = parseArgs({
          args: rest,
          allowPositionals: true,
          options: {
            suite: { type: "string" },
            design: { type: "string" },
            adjudications: { type: "string" },
            "target-width": { type: "string" },
          },
        });
        if (positionals.length !== 1) throw new CliError(USAGE, 2);
        const estimates = await runEstimate({
          exportFile: positionals[0]!,
          suite: values.suite,
          designFile: values.design,
          adjudicationsFile: values.adjudications,
          targetWidth: values["target-width"],
        });
        printOut(JSON.stringify(estimates, null, 2));
        return 0;
      }
      case "leaderboard": {
        const { values, positionals } = parseArgs({
          args: rest,
          allowPositionals: true,
          options: {
            sidecar: { type: "string" },
            suite: { type: "string" },
            raters: { type: "string" },
            modality: { type: "string" },
            tag: { type: "string" },
          },
        });
        if (positionals.length !== 1 || !values.sidecar) throw new CliError(USAGE, 2);
        const result = await runLeaderboard({
          exportFile: positionals[0]!,
          sidecarFile: values.sidecar,
          suite: values.suite,
          raters: values.raters,
          modality: values.modality,
          tag: values.tag,
        });
        for (const problem of result.problems) printErr(problem);
        printOut(JSON.stringify(result.output.length === 1 ? result.output[0] : result.output, null, 2));
        return result.problems.length === 0 ? 0 : 1;
      }
      case "report": {
        const { values, positionals } = parseArgs({
          args: rest,
          allowPositionals: true,
          options: {
            section: { type: "string" },
            "system-under-test": { type: "string" },
            modality: { type: "string" },
            tag: { type: "string" },
          },
        });
        if (positionals.length !== 1) throw new CliError(USAGE, 2);
        const report = await runReport(apiClientFromEnv(env), {
          suiteId: positionals[0]!,
          section: values.section,
          slice: { system_under_test: values["system-under-test"], modality: values.modality, tag: values.tag },
        });
        printOut(JSON.stringify(report, null, 2));
        return 0;
      }
      default:
        printErr(USAGE);
        return command === undefined || command === "--help" || command === "help" ? 0 : 2;
    }
  } catch (error) {
    if (error instanceof CliError) {
      printErr(error.message);
      return error.exitCode;
    }
    if (error instanceof TypeError && (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      printErr(`${error.message}\n${USAGE}`);
      return 2;
    }
    throw error;
  }
}
