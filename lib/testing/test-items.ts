// Items for tests, imported through lib/imports (the real path) from a
// generated native JSONL file.
import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import type { Actor } from "@/lib/auth/actor";
import { createImport, readImportFile } from "@/lib/imports/service";
import type { Item } from "@/lib/items/types";

export function nativeItem(taskId: string, overrides: Partial<Item> = {}): Item {
  return {
    task: { task_id: taskId, suite_id: "source-suite", modality: "chat", prompt: `Prompt of ${taskId}` },
    subject: { system_under_test: "Test Model", modality_tags: ["chat"] },
    transcript: {
      messages: [
        { role: "user", content: [{ type: "text", text: `Prompt of ${taskId}` }] },
        { role: "assistant", content: [{ type: "text", text: `Answer to ${taskId}` }] },
      ],
    },
    ...overrides,
  };
}

export function jsonl(values: unknown[]): Readable {
  return Readable.from([values.map((value) => JSON.stringify(value)).join("\n") + "\n"]);
}

/** Imports `count` items (some gold) and returns the import id and their task ids. */
export async function importTestItems(
  admin: Actor,
  count: number,
  options: { gold?: number } = {},
): Promise<{ importId: string; taskIds: string[] }> {
  const prefix = `t-${randomBytes(4).toString("hex")}`;
  const items = Array.from({ length: count }, (_, index) =>
    nativeItem(
      `${prefix}-${index}`,
      index < (options.gold ?? 0)
        ? { task: { task_id: `${prefix}-${index}`, modality: "chat", prompt: "p", gold_item_id: `gold-${index}` } }
        : {},
    ),
  );
  const created = await createImport({ actor: admin, input: { format: "items", file_name: `${prefix}.jsonl` } });
  const summary = await readImportFile({ actor: admin, importId: created.id, file: jsonl(items) });
  if (summary.status !== "committed") throw new Error(`test import not committed: ${JSON.stringify(summary)}`);
  return { importId: created.id, taskIds: items.map((item) => item.task.task_id) };
}
