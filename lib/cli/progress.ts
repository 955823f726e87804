// A progress line on stderr for long runs: redrawn in place on a terminal,
// a line per tenth otherwise, so logs of a CI job stay short.
import { terminalSafe } from "./terminal-text";

export type Progress = { update: (done: number) => void; finish: (summary: string) => void };

export function progressOnStderr(label: string, total: number | null, unit: string): Progress {
  const tty = process.stderr.isTTY === true;
  let lastTenth = -1;
  let lastDraw = 0;
  const started = Date.now();
  const line = (done: number) => {
    const rate = Math.round(done / Math.max((Date.now() - started) / 1000, 0.001));
    if (!total) return `${label}: ${done} ${unit} (${rate}/s)`;
    const share = Math.min(done / total, 1);
    const bar = "#".repeat(Math.round(share * 30)).padEnd(30, ".");
    return `${label} [${bar}] ${(share * 100).toFixed(0).padStart(3)}% ${done}/${total} ${unit} (${rate}/s)`;
  };
  return {
    update(done) {
      if (tty) {
        if (Date.now() - lastDraw < 100) return;
        lastDraw = Date.now();
        process.stderr.write(`\r${line(done)}`);
      } else if (total) {
        const tenth = Math.floor((done / total) * 10);
        if (tenth > lastTenth) {
          lastTenth = tenth;
          process.stderr.write(`${line(done)}\n`);
        }
      }
    },
    finish(summary) {
      // The clearing sequence is ours; the summary may carry the server's words (an export id).
      process.stderr.write(`${tty ? "\r\x1b[K" : ""}${terminalSafe(summary)}\n`);
    },
  };
}
