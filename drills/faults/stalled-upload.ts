// An upload caught half-way: the file's first `upTo` lines, then nothing more
// until `release` aborts (the drill kills the app meanwhile).
import { createReadStream } from "node:fs";
import { Readable } from "node:stream";

export function stalledUpload(file: string, upTo: number, release: AbortSignal): Readable {
  async function* lines() {
    let sent = 0;
    let rest = "";
    for await (const chunk of createReadStream(file, { encoding: "utf8" })) {
      const parts = (rest + chunk).split("\n");
      rest = parts.pop() ?? "";
      for (const part of parts) {
        if (sent === upTo) {
          await new Promise((resolve) => release.addEventListener("abort", resolve, { once: true }));
          return;
        }
        yield Buffer.from(`${part}\n`);
        sent++;
      }
    }
  }
  return Readable.from(lines());
}
