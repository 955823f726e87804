// Answers of the account routes: users, invitations, API tokens, the audit log.
import { z } from "zod";
import { named } from "@/lib/http/route-contract";
import { dateTime, roles, uuid } from "./common";

export const UserSchema = named(
  "User",
  z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    roles: roles(),
    disabledAt: dateTime().nullable(),
    createdAt: dateTime(),
  }),
  "A user (this answer's keys are camelCase).",
);

export const ApiTokenSchema = named(
  "ApiToken",
  z.object({
    id: uuid(),
    name: z.string(),
    prefix: z.string().describe("the token's first characters, to recognise it"),
    roles: roles(),
    createdAt: dateTime(),
    lastUsedAt: dateTime().nullable(),
    revokedAt: dateTime().nullable(),
  }),
  "An API token, without its secret (camelCase keys).",
);

export const AuditEventSchema = named(
  "AuditEvent",
  z.object({
    id: z.string(),
    createdAt: dateTime(),
    action: z.string().describe("one of the audit actions (the action filter of GET /api/audit lists them)"),
    actorId: z.string().nullable(),
    actorEmail: z.string().nullable(),
    actorName: z.string().nullable().describe("the actor's display name"),
    subject: z.string().nullable(),
    subjectName: z.string().nullable().describe("the display name when the subject is a user"),
    subjectPath: z.string().nullable().describe("the subject's page in the app, when it has one"),
    ipAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
    details: z.unknown(),
  }),
);

/** The roles a body names (documentation of the bodies lib/users and lib/auth check by hand). */
export const rolesInput = () => z.array(z.enum(["rater", "sme", "admin"])).min(1);
