// What the CLI prints comes from a server or an import file, and a terminal
// obeys the control characters in it: OSC 52 writes the clipboard, CSI clears
// the screen, a carriage return overwrites a line with a fake "all accepted".
// Every C0 and C1 control but newline and tab is printed as a visible \uXXXX
// escape (inside a JSON string that is the same character, so JSON output
// stays valid and means the same).
import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

export function terminalSafe(text: string): string {
  return text.replace(CONTROLS, (control) => `\\u${control.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** A line on stdout, controls escaped. */
export function printOut(line: string): void {
  process.stdout.write(`${terminalSafe(line)}\n`);
}

/** A line on stderr, controls escaped. */
export function printErr(line: string): void {
  process.stderr.write(`${terminalSafe(line)}\n`);
}

/**
 * Bytes on their way to a terminal, controls escaped (an export printed on
 * the screen). Redirected to a file or a pipe, an export keeps its bytes (its
 * sha256 is in the manifest), so this is for a TTY only.
 */
export function terminalSafeStream(): Transform {
  const decoder = new StringDecoder("utf8");
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      callback(null, terminalSafe(decoder.write(chunk)));
    },
    flush(callback) {
      callback(null, terminalSafe(decoder.end()));
    },
  });
}
