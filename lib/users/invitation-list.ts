// A pasted list or CSV of people to invite: one email a line, an optional roles
// column. Pure: each line parses to an entry or a refusal naming the line, so
// the admin sees what to fix before (and after) anything is sent.
import { isRole, type Role } from "@/lib/auth/permissions";

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** More than this in one go is a mistake (or a spreadsheet of the wrong column). */
export const MAX_INVITATION_LINES = 500;

export type InvitationLine =
  { line: number; email: string; roles: Role[] } | { line: number; email: string | null; refused: string };

const unquote = (field: string) =>
  field
    .trim()
    .replace(/^"(.*)"$/s, "$1")
    .replace(/""/g, '"')
    .trim();

// The email, then the rest of the line: a comma, semicolon or tab ends the email column.
function splitColumns(text: string): [string, string] {
  const match = /^\s*("(?:[^"]|"")*"|[^,;\t]*)\s*[,;\t]?(.*)$/s.exec(text)!;
  return [unquote(match[1] ?? ""), unquote(match[2] ?? "")];
}

const isHeader = (email: string) => /^e-?mail( address)?$/i.test(email);

/**
 * Parses the list. Blank lines and lines starting with `#` are skipped, as is
 * a first line whose first column is "email" (a CSV header). A line without
 * roles gets `defaultRoles`; roles are separated by spaces, `|`, `;` or `,`.
 */
export function parseInvitationList(text: string, defaultRoles: Role[]): InvitationLine[] {
  const entries: InvitationLine[] = [];
  const firstLineOf = new Map<string, number>();
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  for (const [index, raw] of lines.entries()) {
    const line = index + 1;
    if (raw.trim() === "" || raw.trim().startsWith("#")) continue;
    const [rawEmail, rawRoles] = splitColumns(raw);
    if (entries.length === 0 && isHeader(rawEmail)) continue;
    if (entries.length >= MAX_INVITATION_LINES) {
      entries.push({
        line,
        email: null,
        refused: `More than ${MAX_INVITATION_LINES} people in one list; send the rest in another`,
      });
      break;
    }
    const email = rawEmail.toLowerCase();
    if (!EMAIL_PATTERN.test(email)) {
      entries.push({
        line,
        email: rawEmail || null,
        refused: rawEmail ? `"${rawEmail}" is not an email address` : "No email address",
      });
      continue;
    }
    const earlier = firstLineOf.get(email);
    if (earlier !== undefined) {
      entries.push({ line, email, refused: `${email} is already on line ${earlier}` });
      continue;
    }
    firstLineOf.set(email, line);
    const named = rawRoles.split(/[\s|;,]+/).filter((role) => role !== "");
    const unknown = named.filter((role) => !isRole(role.toLowerCase()));
    if (unknown.length > 0) {
      entries.push({
        line,
        email,
        refused: `${unknown.map((role) => `"${role}"`).join(", ")} ${unknown.length > 1 ? "are not roles" : "is not a role"} (rater, sme, admin)`,
      });
      continue;
    }
    const roles = named.length > 0 ? [...new Set(named.map((role) => role.toLowerCase() as Role))] : defaultRoles;
    if (roles.length === 0) {
      entries.push({ line, email, refused: "No role: name one on the line or choose a default" });
      continue;
    }
    entries.push({ line, email, roles });
  }
  return entries;
}
