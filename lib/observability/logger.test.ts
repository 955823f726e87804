// Log lines are JSON with the request's id when written inside a request, and
// secrets that slip into a logged object are censored.
import { Writable } from "node:stream";
import { expect, it } from "vitest";
import { createLogger } from "./logger";
import { runWithRequestContext } from "./request-context";

function capture(): { lines: () => Record<string, unknown>[]; stream: Writable } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return {
    stream,
    lines: () =>
      chunks
        .join("")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line)),
  };
}

it("writes one JSON object per line, carrying the request id and route inside a request", async () => {
  const out = capture();
  const log = createLogger("info", out.stream);
  log.info("outside");
  await runWithRequestContext({ requestId: "req-123", route: "/api/records" }, async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    log.info({ eval_id: "e1" }, "stored");
  });
  const [outside, inside] = out.lines();
  expect(outside).toMatchObject({ level: "info", msg: "outside", service: "evalform" });
  expect(outside).not.toHaveProperty("request_id");
  expect(inside).toMatchObject({
    level: "info",
    msg: "stored",
    request_id: "req-123",
    route: "/api/records",
    eval_id: "e1",
  });
  expect(typeof inside!.time).toBe("string");
});

it("censors secrets, cookies, tokens and bodies that reach a logged object", () => {
  const out = capture();
  createLogger("info", out.stream).info(
    {
      password: "hunter2",
      headers: { authorization: "Bearer abc", cookie: "s=1" },
      request: { token: "t", body: { rater: {} } },
      kept: "yes",
    },
    "careless",
  );
  const [line] = out.lines();
  const text = JSON.stringify(line);
  for (const secret of ["hunter2", "Bearer abc", "s=1", '"t"', "rater"]) expect(text).not.toContain(secret);
  expect(line).toMatchObject({ kept: "yes", password: "[redacted]" });
});

it("writes nothing below its level", () => {
  const out = capture();
  const log = createLogger("warn", out.stream);
  log.info("quiet");
  log.warn("loud");
  expect(out.lines().map((line) => line.msg)).toEqual(["loud"]);
});
