// Cross-site request forgery: a browser attaches the session cookie to a form
// or fetch another site sends to us. A state-changing request signed in by
// cookie must therefore come from one of our own pages: its Origin (or, when a
// browser sends none, Sec-Fetch-Site) must say so. Requests with an API token
// carry no ambient credential and are not checked; neither are safe methods.
import { AppError } from "@/lib/errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Our origins: the configured base URL (as localhost and 127.0.0.1) and the host the request was sent to. */
function ownOrigins(headers: Headers, baseUrl: string): Set<string> {
  const base = new URL(baseUrl).origin;
  const origins = new Set([
    base,
    base.replace("://localhost", "://127.0.0.1"),
    base.replace("://127.0.0.1", "://localhost"),
  ]);
  // A browser sets Host to the site it is talking to; a forged Host only fools the forger's own client.
  const host = headers.get("x-forwarded-host") ?? headers.get("host");
  if (host) {
    const protocol = headers.get("x-forwarded-proto") ?? new URL(baseUrl).protocol.replace(":", "");
    origins.add(`${protocol}://${host}`);
  }
  return origins;
}

/** Throws FORBIDDEN for a state-changing request that another site (or an opaque origin) sent. */
export function assertSameOrigin(options: { method: string; headers: Headers; baseUrl: string }): void {
  if (SAFE_METHODS.has(options.method.toUpperCase())) return;
  const origin = options.headers.get("origin");
  const refused = new AppError(
    "FORBIDDEN",
    "This request came from another site (its Origin is not this app's), so it was refused. Send it from the app's own pages or with an API token.",
    [
      {
        path: "/headers/origin",
        rule: "sameOrigin",
        message: `Origin ${origin === null ? "(absent)" : JSON.stringify(origin)} is not this app's origin`,
      },
    ],
  );
  if (origin !== null) {
    if (!ownOrigins(options.headers, options.baseUrl).has(origin)) throw refused;
    return;
  }
  // No Origin: a non-browser client (no CSRF possible), unless the browser says the request is cross-site.
  const site = options.headers.get("sec-fetch-site");
  if (site === "cross-site" || site === "same-site") throw refused;
}
