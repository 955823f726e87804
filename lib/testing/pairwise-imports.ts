// Test tooling: one committed item import per system, its answers to the
// given tasks, so a pairwise suite can be built from them through lib.
import type { Actor } from "@/lib/auth/actor";
import { createImport, readImportFile } from "@/lib/imports/service";
import { jsonl, nativeItem } from "./test-items";

/** The import's id; each answer reads "<system> answers <task id>". */
export async function importSystemAnswers(admin: Actor, system: string, taskIds: string[]): Promise<string> {
  const items = taskIds.map((taskId) =>
    nativeItem(taskId, {
      subject: { system_under_test: system, modality_tags: ["chat"] },
      transcript: {
        messages: [
          { role: "user", content: [{ type: "text", text: `Prompt of ${taskId}` }] },
          { role: "assistant", content: [{ type: "text", text: `${system} answers ${taskId}` }] },
        ],
      },
    }),
  );
  const created = await createImport({ actor: admin, input: { format: "items", file_name: `${system}.jsonl` } });
  const summary = await readImportFile({ actor: admin, importId: created.id, file: jsonl(items) });
  if (summary.status !== "committed") throw new Error(`import not committed: ${JSON.stringify(summary)}`);
  return created.id;
}
