// Where to sign in and then come back to `returnTo` (a path of this app): used
// by page guards and by pages that must send a rater whose session ended back
// to where they were. The path goes through the same resolver that reads it back.
import { resolveReturnPath } from "./return-path";

export function signInUrl(returnTo: string): string {
  return `/sign-in?next=${encodeURIComponent(resolveReturnPath(returnTo))}`;
}
