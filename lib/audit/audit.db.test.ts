// The audit log's writers against a real PostgreSQL: recordAuditEvent, and the
// SQL text insert-record embeds in its one-statement submit.
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { appPool, db } from "@/lib/db";
import { auditInsertSelect, storedUserAgent } from "./audit-statement";
import { recordAuditEvent } from "./service";

afterAll(() => db().$disconnect());

describe("audit writers", () => {
  it("recordAuditEvent stores the event with its origin, the user agent cut to 400 characters", async () => {
    const subject = randomUUID();
    await recordAuditEvent({
      action: "suite.updated",
      actorId: null,
      subject,
      origin: { ipAddress: "203.0.113.9", userAgent: "x".repeat(500) },
      details: { n: 1 },
    });
    const row = await db().auditEvent.findFirstOrThrow({ where: { subject } });
    expect(row).toMatchObject({ action: "suite.updated", actorId: null, ipAddress: "203.0.113.9", details: { n: 1 } });
    expect(row.userAgent).toHaveLength(400);
    expect(storedUserAgent(undefined)).toBeNull();
  });

  it("auditInsertSelect inserts one event per source row inside a caller's statement", async () => {
    const subject = randomUUID();
    const statement = `WITH source AS (SELECT $1::text AS subject)
      , stored AS (${auditInsertSelect({ action: "record.submitted", actorId: "NULL", subject: "subject", ipAddress: "$2", userAgent: "$3", from: "source" })})
      SELECT 1`;
    await appPool().query(statement, [subject, "198.51.100.1", "agent"]);
    const rows = await db().auditEvent.findMany({ where: { subject } });
    expect(rows.map((row) => [row.action, row.ipAddress, row.userAgent])).toEqual([
      ["record.submitted", "198.51.100.1", "agent"],
    ]);
  });

  it("auditInsertSelect refuses an action that is not a plain name", () => {
    expect(() =>
      auditInsertSelect({
        action: "x'); DROP TABLE audit_event; --" as never,
        actorId: "NULL",
        subject: "s",
        ipAddress: "NULL",
        userAgent: "NULL",
        from: "t",
      }),
    ).toThrow(/not an audit action/);
  });
});
