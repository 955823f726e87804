// Checks an acting user against the permission table.
import { AppError } from "@/lib/errors";
import type { Actor } from "./actor";
import { rolesAllow, type Action } from "./permissions";

export function can(actor: Actor, action: Action): boolean {
  return rolesAllow(actor.roles, action);
}

/** Throws FORBIDDEN unless the actor's roles allow the action. */
export function authorize(actor: Actor, action: Action): void {
  if (!can(actor, action)) throw new AppError("FORBIDDEN", "You do not have permission to do this");
}
