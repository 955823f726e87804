// Splits a byte stream into lines while honouring backpressure (the stream is
// pulled, so a slow consumer keeps memory flat — readline's iterator buffers
// ahead). Each line is decoded on its own, so invalid UTF-8 and over-long
// lines are reported for that line and the rest of the file is still read.
import type { Readable } from "node:stream";

export type RawLine =
  { number: number; text: string } | { number: number; error: { rule: "utf8" | "lineTooLong"; message: string } };

export const DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024;

export async function* splitLines(input: Readable, maxLineBytes = DEFAULT_MAX_LINE_BYTES): AsyncGenerator<RawLine> {
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let tooLong = false;
  let number = 0;

  const finish = (tail: Buffer): RawLine => {
    number += 1;
    const bytes = pending.length === 0 ? tail : Buffer.concat([...pending, tail]);
    const wasTooLong = tooLong || bytes.length > maxLineBytes;
    pending = [];
    pendingBytes = 0;
    tooLong = false;
    if (wasTooLong)
      return {
        number,
        error: { rule: "lineTooLong", message: `the line is longer than ${maxLineBytes} bytes; it was skipped` },
      };
    const end = bytes.length > 0 && bytes[bytes.length - 1] === 13 ? bytes.length - 1 : bytes.length;
    try {
      return { number, text: decoder.decode(bytes.subarray(0, end)) };
    } catch {
      return { number, error: { rule: "utf8", message: "the line is not valid UTF-8" } };
    }
  };

  for await (const chunk of input) {
    const buffer: Buffer = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    let start = 0;
    for (let newline = buffer.indexOf(10, start); newline !== -1; newline = buffer.indexOf(10, start)) {
      yield finish(buffer.subarray(start, newline));
      start = newline + 1;
    }
    const rest = buffer.subarray(start);
    if (rest.length === 0) continue;
    // Past the limit the line's bytes are dropped, not kept: a huge line costs no memory.
    if (tooLong || pendingBytes + rest.length > maxLineBytes) {
      tooLong = true;
      pending = [];
      pendingBytes = 0;
    } else {
      pending.push(Buffer.from(rest));
      pendingBytes += rest.length;
    }
  }
  if (pendingBytes > 0 || tooLong) yield finish(Buffer.alloc(0));
}
