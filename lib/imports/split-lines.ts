// Splits a byte stream into lines while honouring backpressure (the stream is
// pulled, so a slow consumer keeps memory flat — readline's iterator buffers
// ahead). Each line is decoded on its own, so invalid UTF-8 and over-long
// lines are reported for that line and the rest of the file is still read.
// A compressed file is the exception: every "line" of it would be refused as
// invalid UTF-8, hundreds of refusals that never say why, so it is refused
// once, as line 1, naming what it is and how to read it.
import type { Readable } from "node:stream";

export type RawLine =
  | { number: number; text: string }
  | { number: number; error: { rule: "utf8" | "lineTooLong" | "archive"; message: string } };

/** Signatures of the archives people upload instead of their JSON (first bytes of the file). */
const ARCHIVES: { magic: number[]; message: string }[] = [
  {
    magic: [0x50, 0x4b, 0x03, 0x04],
    message:
      "the file is a zip archive (an Inspect .eval log is one), not JSON or JSON Lines; convert it first, e.g. `inspect log convert --to json`, or upload the files inside it",
  },
  {
    magic: [0x1f, 0x8b],
    message: "the file is gzip-compressed; decompress it (gunzip) and upload the JSON or JSON Lines inside",
  },
];

function archiveIn(first: Buffer): string | undefined {
  return ARCHIVES.find(({ magic }) => first.length >= magic.length && magic.every((byte, at) => first[at] === byte))
    ?.message;
}

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

  let firstChunk = true;
  for await (const chunk of input) {
    const buffer: Buffer = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    const archive = firstChunk ? archiveIn(buffer) : undefined;
    firstChunk = false;
    if (archive) {
      yield { number: 1, error: { rule: "archive", message: archive } };
      // Read to the end rather than stop: the upload's byte limit still applies and its sender gets an answer.
      for await (const _rest of input) void _rest;
      return;
    }
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
