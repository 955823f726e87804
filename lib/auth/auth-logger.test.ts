import { Writable } from "node:stream";
import { expect, it } from "vitest";
import { createLogger } from "@/lib/observability/logger";
import { betterAuthLogger } from "./auth-logger";

it("writes better-auth's errors as one JSON line each, with the error as a field and no colour codes", () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  const target = createLogger("info", sink);
  const authLog = betterAuthLogger(() => target);
  authLog.log("error", "Failed to create session", new Error("Connection terminated unexpectedly\n  at pg"), {
    path: "/sign-in/email",
  });
  authLog.log("warn", "Rate limit close");
  expect(lines).toHaveLength(2);
  const first = JSON.parse(lines[0]!);
  expect(first).toMatchObject({
    level: "error",
    component: "better-auth",
    msg: "Failed to create session",
    err: { message: expect.stringContaining("Connection terminated unexpectedly") },
    details: ['{"path":"/sign-in/email"}'],
  });
  expect(JSON.parse(lines[1]!)).toMatchObject({ level: "warn", msg: "Rate limit close" });
  expect(lines.join("")).not.toMatch(/\x1b\[/);
});
