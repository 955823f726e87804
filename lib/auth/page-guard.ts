// Guards for pages and layouts: a convenience on top of the data layer's own
// checks. No session → the sign-in page; a role without the permission → 404.
import "server-only";
import { headers } from "next/headers";
import { cache } from "react";
import { notFound, redirect } from "next/navigation";
import { actorFromHeaders, type Actor } from "./actor";
import { can } from "./authorize";
import type { Action } from "./permissions";
import { signInUrl } from "./sign-in-url";

/** Memoised per request: the layout and the page share one session lookup. */
export const currentActor = cache(async (): Promise<Actor | null> => actorFromHeaders(await headers()));

export async function requirePageActor(options: { returnTo: string; action?: Action }): Promise<Actor> {
  const actor = await currentActor();
  if (!actor) redirect(signInUrl(options.returnTo));
  if (options.action && !can(actor, options.action)) notFound();
  return actor;
}
