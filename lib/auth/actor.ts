// The acting user of a request: from a Bearer API token or the session cookie.
// A disabled user, or a user with no roles, acts as nobody.
import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { auth } from "./auth";
import { authenticateApiToken } from "./api-tokens";
import { knownRoles, type Role } from "./permissions";

export type Actor = {
  userId: string;
  email: string;
  name: string;
  roles: Role[];
  via: "session" | "token";
};

export async function actorFromHeaders(headers: Headers): Promise<Actor | null> {
  const authorization = headers.get("authorization");
  if (authorization?.toLowerCase().startsWith("bearer ")) {
    return authenticateApiToken(authorization.slice("bearer ".length).trim());
  }
  const session = await auth().api.getSession({ headers });
  if (!session) return null;
  const user = await db().user.findUnique({ where: { id: session.user.id } });
  if (!user || user.disabledAt) return null;
  return { userId: user.id, email: user.email, name: user.name, roles: knownRoles(user.roles), via: "session" };
}

/** The actor, or UNAUTHENTICATED. */
export function requireActor(actor: Actor | null): Actor {
  if (!actor) throw new AppError("UNAUTHENTICATED", "Sign in to continue");
  return actor;
}
