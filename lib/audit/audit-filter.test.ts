import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { parseQuery } from "@/lib/http/query-params";
import { auditFilterSearch, auditFilterWhere, AuditFilterQuery } from "./audit-filter";

const parse = (query: string) => parseQuery(AuditFilterQuery, new URLSearchParams(query));

function issuesOf(query: string): string[] {
  try {
    parse(query);
  } catch (error) {
    if (error instanceof AppError) return error.issues.map((issue) => issue.path);
    throw error;
  }
  return [];
}

describe("the audit filter", () => {
  it("reads every parameter and makes its where, days in UTC with the last one included", () => {
    const filter = parse(
      "actor=u-1&action=user.invited&subject=%20ann@example.test%20&from=2026-11-01&to=2026-11-02&before=99",
    );
    expect(filter).toEqual({
      actor: "u-1",
      action: "user.invited",
      subject: "ann@example.test",
      from: "2026-11-01",
      to: "2026-11-02",
    });
    expect(auditFilterWhere(filter)).toEqual({
      actorId: "u-1",
      action: "user.invited",
      subject: "ann@example.test",
      createdAt: { gte: new Date("2026-11-01T00:00:00Z"), lt: new Date("2026-11-03T00:00:00Z") },
    });
    expect(auditFilterSearch(filter).toString()).toBe(
      "actor=u-1&action=user.invited&subject=ann%40example.test&from=2026-11-01&to=2026-11-02",
    );
  });

  it("an empty filter is no condition", () => {
    expect(auditFilterWhere(parse(""))).toEqual({});
    expect(auditFilterWhere(parse("from=2026-02-28"))).toEqual({
      createdAt: { gte: new Date("2026-02-28T00:00:00Z") },
    });
  });

  it("refuses unknown actions, malformed or impossible dates, reversed ranges and repeats, naming the parameter", () => {
    expect(issuesOf("action=user.deleted")).toEqual(["/action"]);
    expect(issuesOf("from=yesterday")).toEqual(["/from"]);
    expect(issuesOf("to=2026-02-30")).toEqual(["/to"]);
    expect(issuesOf("from=2026-11-05&to=2026-11-01")).toEqual(["/to"]);
    expect(issuesOf("actor=a&actor=b")).toEqual(["/actor"]);
    expect(issuesOf(`subject=${"x".repeat(401)}`)).toEqual(["/subject"]);
  });
});
