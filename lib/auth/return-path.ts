// Where to send a user back to after signing in: the one reader of `next`.
// Browsers do not read a URL the way string checks do (they drop tabs and
// newlines, take a backslash for a slash, resolve `/.//host`), so `next` is
// read by the same WHATWG parser they use, resolved against the app's origin,
// and kept only when it stays on that origin. What is returned is a path
// (path + query + fragment), never a URL another host could hide in.
// The start page, which sends each role to its home (app/page.tsx).
export const DEFAULT_RETURN_PATH = "/";

// Stands for "this app" where the real origin is not at hand: only paths resolve onto it.
const ANY_APP_ORIGIN = "http://app.invalid";

export function resolveReturnPath(
  next: unknown,
  appOrigin: string = ANY_APP_ORIGIN,
  fallback: string = DEFAULT_RETURN_PATH,
): string {
  if (typeof next !== "string" || next.length === 0 || next.length > 2048) return fallback;
  let origin: string;
  let resolved: URL;
  try {
    origin = new URL(appOrigin).origin;
    resolved = new URL(next, origin);
  } catch {
    return fallback;
  }
  if (resolved.origin !== origin) return fallback;
  // A path that starts with two slashes is read as another host when used as a Location.
  if (resolved.pathname.startsWith("//")) return fallback;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
