// `evalform import items` when every line is refused: the server ends the
// import as `refused` (nothing to decide), and the CLI must still print each
// refused line and exit 1. The server here answers the staged protocol as the
// app does (its JSON shapes); the drill (drills/security/client-hangups.ts)
// runs the same against the served app.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runCli } from "./main";

let server: Server;
let url: string;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "evalform-cli-import-"));
  server = createServer((request, response) => {
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    request.resume();
    request.on("end", () => {
      if (request.method === "POST" && request.url === "/api/imports") return reply(201, { id: "imp-1" });
      if (request.method === "PUT" && request.url === "/api/imports/imp-1/file")
        return reply(200, { id: "imp-1", status: "refused", lines_read: 2, accepted: 0, refused: 2 });
      if (request.url === "/api/imports/imp-1/report")
        return reply(200, {
          errors: [
            { line: 1, field: "", rule: "json", message: "not valid JSON" },
            { line: 2, field: "/task", rule: "required", message: "task is missing" },
          ],
        });
      reply(404, { error: { message: "no such route" } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe("evalform import items", () => {
  it("exits 1 and prints every refused line when every line was refused (status refused)", async () => {
    const file = path.join(dir, "bad.jsonl");
    await writeFile(file, 'not json\n{"a": 1}\n');
    const written: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const code = await runCli(["import", "items", file], { EVALFORM_URL: url, EVALFORM_TOKEN: "efk_test" });
    vi.restoreAllMocks();
    const printed = written.join("");
    expect(code).toBe(1);
    expect(printed).toContain(`${file}:1: / json: not valid JSON`);
    expect(printed).toContain(`${file}:2: /task required: task is missing`);
    expect(printed).toContain("every line (2) was refused");
  });
});
