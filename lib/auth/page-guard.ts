// Guards for pages and layouts: a convenience on top of the data layer's own
// checks. No session → the sign-in page; a role without the permission → 403
// with the page that says which role it needs (app/forbidden.tsx).
import "server-only";
import { headers } from "next/headers";
import { cache } from "react";
import { forbidden, redirect } from "next/navigation";
import { actorFromHeaders, type Actor } from "./actor";
import { can } from "./authorize";
import type { Action } from "./permissions";
import { signInUrl } from "./sign-in-url";

/** Memoised per request: the layout and the page share one session lookup. */
export const currentActor = cache(async (): Promise<Actor | null> => actorFromHeaders(await headers()));

/** What the request was refused for, for the 403 page (it takes no props): one box per request. */
export const refusedAction = cache((): { action?: Action } => ({}));

/** Answers 403 for this page, saying it needs `action`. */
export function forbidPage(action: Action): never {
  refusedAction().action = action;
  forbidden();
}

export async function requirePageActor(options: { returnTo: string; action?: Action }): Promise<Actor> {
  const actor = await currentActor();
  if (!actor) redirect(signInUrl(options.returnTo));
  if (options.action && !can(actor, options.action)) forbidPage(options.action);
  return actor;
}
