// The audit log's filter: which query parameters it reads, how they are
// checked (the page and GET /api/audit parse the same schema), and the where
// they become. Dates are whole UTC days, both ends included.
import { z } from "zod";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AUDIT_ACTIONS } from "./actions";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
// One check, one message: a real calendar day written YYYY-MM-DD.
const isDay = (value: string) =>
  DAY.test(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
const day = (name: string) => z.string().refine(isDay, `${name} is a date as YYYY-MM-DD`);

/** The filter's parameters, for schemas that read more (GET /api/audit's page position). */
export const auditFilterShape = {
  actor: z.string().trim().min(1).max(100).optional().describe("the acting user's id"),
  action: z.enum(AUDIT_ACTIONS).optional().describe("one action"),
  subject: z.string().trim().min(1).max(400).optional().describe("the subject exactly: an id, an email"),
  from: day("from").optional().describe("first day, UTC (YYYY-MM-DD)"),
  to: day("to").optional().describe("last day, UTC (YYYY-MM-DD), included"),
};

/** A range whose end is before its start is refused on `to`. */
export function daysInOrder<T extends z.ZodType<{ from?: string; to?: string }>>(schema: T) {
  return schema.refine((filter) => !filter.from || !filter.to || filter.from <= filter.to, {
    path: ["to"],
    message: "to is before from",
  });
}

export const AuditFilterQuery = daysInOrder(z.object(auditFilterShape));

export type AuditFilter = z.output<typeof AuditFilterQuery>;

/** The filter's names, to carry it into the next page's link. */
export const AUDIT_FILTER_KEYS = ["actor", "action", "subject", "from", "to"] as const;

export function auditFilterWhere(filter: AuditFilter): Prisma.AuditEventWhereInput {
  const where: Prisma.AuditEventWhereInput = {};
  if (filter.actor) where.actorId = filter.actor;
  if (filter.action) where.action = filter.action;
  if (filter.subject) where.subject = filter.subject;
  if (filter.from || filter.to) {
    where.createdAt = {
      ...(filter.from ? { gte: new Date(`${filter.from}T00:00:00Z`) } : {}),
      ...(filter.to ? { lt: new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + 86_400_000) } : {}),
    };
  }
  return where;
}

/** The query string of a filter (without the page position). */
export function auditFilterSearch(filter: AuditFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of AUDIT_FILTER_KEYS) if (filter[key]) params.set(key, filter[key]);
  return params;
}
