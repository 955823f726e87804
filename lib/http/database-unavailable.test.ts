// Which errors answer 503 (the database is away, send again) rather than 500:
// the errors pg and Prisma really throw when nothing listens on the port.
import net from "node:net";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createDbClient } from "@/lib/db";
import { isDatabaseUnavailable } from "./database-unavailable";

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (error: unknown) => error,
  );
}

describe("isDatabaseUnavailable", () => {
  it("recognises pg's and Prisma's errors when the server cannot be reached", async () => {
    const url = `postgresql://postgres@127.0.0.1:${await closedPort()}/none`;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    expect(isDatabaseUnavailable(await caught(client.connect()))).toBe(true);
    const prisma = createDbClient({ databaseUrl: url, poolMax: 1 });
    try {
      const error = await caught(prisma.user.count());
      expect(error).toBeTruthy();
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await prisma.$disconnect();
    }
  });

  it("recognises a server shutting down, through wrapped causes", () => {
    const shutdown = Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
    expect(isDatabaseUnavailable(new Error("query failed", { cause: shutdown }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    // Prisma's wrapping of PostgreSQL during crash recovery (after `pg_ctl restart -m immediate`, seen in the faults drill).
    expect(
      isDatabaseUnavailable(
        Object.assign(
          new Error("Database error. Code: `57P03`. Message: `the database system is not yet accepting connections`"),
          { code: "P2039" },
        ),
      ),
    ).toBe(true);
    // pg's answer for a pooled client whose connection broke while it was checked out (seen in the faults drill).
    expect(isDatabaseUnavailable(new Error("Client has encountered a connection error and is not queryable"))).toBe(
      true,
    );
  });

  it("recognises PgBouncer's refusals while the server behind it restarts (seen in the faults drill behind PgBouncer)", () => {
    for (const message of [
      "server login has been failing, try again later (server_login_retry)",
      "server conn crashed?",
      "query_wait_timeout",
      "pgbouncer cannot connect to server",
    ]) {
      const pooler = Object.assign(new Error(message), { code: "08P01" });
      expect(isDatabaseUnavailable(new Error("Failed to get session", { cause: pooler })), message).toBe(true);
    }
    expect(
      isDatabaseUnavailable(
        Object.assign(
          new Error(
            "Database error. Code: `08P01`. Message: `server login has been failing, try again later (server_login_retry)`",
          ),
          { code: "P2039" },
        ),
      ),
    ).toBe(true);
    // 08P01 alone is a protocol violation, a bug to see, not an outage.
    expect(isDatabaseUnavailable(Object.assign(new Error("invalid message format"), { code: "08P01" }))).toBe(false);
  });

  it("leaves other errors alone", () => {
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error("duplicate key value violates unique constraint"), { code: "23505" }),
      ),
    ).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("x is undefined"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
  });
});
