// The CLI prints what a server or an import file says with every control
// character but newline and tab escaped, so neither can drive the terminal.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { runCli } from "./main";
import { terminalSafe } from "./terminal-text";

const OSC52 = "\u001b]52;c;ZWNobyBwd25lZA==\u0007";
const CLEAR = "\u001b[2J\u001b[H";
const C1_CSI = "\u009b31m";

describe("terminalSafe", () => {
  it("escapes C0 and C1 controls (OSC 52, screen clears, carriage returns, DEL, 8-bit CSI) but keeps newline and tab", () => {
    expect(terminalSafe(`a${OSC52}b`)).toBe("a\\u001b]52;c;ZWNobyBwd25lZA==\\u0007b");
    expect(terminalSafe(`${CLEAR}line 1: accepted\r`)).toBe("\\u001b[2J\\u001b[Hline 1: accepted\\u000d");
    expect(terminalSafe(`${C1_CSI}\u007f\u0000x`)).toBe("\\u009b31m\\u007f\\u0000x");
    expect(terminalSafe("tab\there\nnext line, é ü 😀 \u00a0")).toBe("tab\there\nnext line, é ü 😀 \u00a0");
    // In a JSON string the escape is the same character: the output still parses to the server's value.
    const value = { message: `refused${C1_CSI}` };
    expect(JSON.parse(terminalSafe(JSON.stringify(value)))).toEqual(value);
  });
});

// A server that answers with hostile text, as a compromised or impersonated one could.
let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url?.startsWith("/api/imports/hostile/report")) {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ errors: [{ line: 1, message: `x${C1_CSI}` }] }));
      return;
    }
    response.writeHead(422, { "content-type": "application/json" });
    response.end(
      JSON.stringify({
        error: { message: `refused${OSC52}` },
        errors: [{ path: "/a", rule: `r${CLEAR}`, message: "all lines accepted\r" }],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => vi.restoreAllMocks());

function captured(stream: NodeJS.WriteStream): string[] {
  const written: string[] = [];
  vi.spyOn(stream, "write").mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  return written;
}

describe("the CLI's output", () => {
  it("prints a server's refusal and JSON answers with their controls escaped", async () => {
    const err = captured(process.stderr);
    const out = captured(process.stdout);
    const env = { EVALFORM_URL: url, EVALFORM_TOKEN: "efk_test" };
    expect(await runCli(["import", "decide", "x", "discard"], env)).toBe(1);
    expect(await runCli(["import", "report", "hostile"], env)).toBe(0);
    const printed = [...err, ...out].join("");
    expect(printed).toContain("refused\\u001b]52;c;");
    expect(printed).toContain("\\u009b31m");
    expect(printed).toContain("accepted\\u000d");
    expect(printed).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  });
});
