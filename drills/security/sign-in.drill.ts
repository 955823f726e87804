// Drill 7: sign-in under attack. Open redirects through `next` (over HTTP, as
// a browser reads the Location, and in Chromium through the form), the
// throttle raced by parallel wrong passwords and a burst, an attacker at
// another address trying to lock a user (an admin) out, and better-auth's
// endpoints that the app does not use.
import type { Drill, DrillCase, DrillContext, DrillResult } from "../support/drill";
import { drillCase } from "../support/drill";
import { launchBrowser } from "./support/browser-check";
import { addUser, api, startDrillApp, type DrillApp, type DrillUser } from "./support/drill-app";
import { testPort } from "@/lib/testing/test-ports";

const PORT = testPort(3640);
const LIMIT = 5;

// Raw query values, as they would sit in a link.
const OFF_SITE_NEXT = [
  "/%5Cevil.example",
  "/%09/evil.example",
  "/%0A/evil.example",
  "/%0D%0A/evil.example",
  "%2F%5Cevil.example",
  "//evil.example",
  "%2F%2Fevil.example",
  "/.//evil.example",
  "/..//evil.example",
  "/%2E//evil.example",
  "https://evil.example",
  "https:evil.example",
  "%5C%5Cevil.example",
  "/%5C/evil.example",
  "//localhost@evil.example",
  "javascript:alert(1)",
];

let addressCounter = 0;
/** A fresh address per attacker or user (sent as X-Forwarded-For, as a proxy in front would). */
function newAddress(): string {
  addressCounter++;
  return `198.18.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

function signIn(
  app: DrillApp,
  email: string,
  password: string,
  address: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return api(app, "/api/auth/sign-in/email", {
    body: { email, password },
    headers: { "x-forwarded-for": address, ...headers },
  });
}

/** Where a browser goes for a Location header: resolved against the page with the WHATWG parser. */
function browserTarget(app: DrillApp, location: string | null): string {
  return location === null ? "" : new URL(location, app.url).origin;
}

async function openRedirectOverHttp(app: DrillApp, user: DrillUser): Promise<DrillCase> {
  const escaped: string[] = [];
  for (const next of OFF_SITE_NEXT) {
    const response = await api(app, `/sign-in?next=${next}`, { cookie: user.cookie });
    await response.arrayBuffer();
    const target = browserTarget(app, response.headers.get("location"));
    if (response.status < 300 || response.status >= 400 || target !== new URL(app.url).origin)
      escaped.push(`${next} → ${response.status} ${response.headers.get("location")}`);
  }
  return drillCase({
    name: "open redirect: signed in, /sign-in?next=<payload> (Location read as a browser reads it)",
    tried: OFF_SITE_NEXT.length,
    refused: OFF_SITE_NEXT.length - escaped.length,
    lost: 0,
    duplicated: 0,
    ok: escaped.length === 0,
    detail:
      escaped.length === 0
        ? `all ${OFF_SITE_NEXT.length} redirected to the app's own origin`
        : `LEFT THE APP: ${escaped.slice(0, 4).join("; ")}`,
  });
}

async function openRedirectInChromium(app: DrillApp, user: DrillUser): Promise<DrillCase> {
  const payloads = ["/%5Cevil.example", "/%09/evil.example", "/.//evil.example", "https://evil.example"];
  const browser = await launchBrowser();
  const escaped: string[] = [];
  const landed: string[] = [];
  try {
    for (const next of payloads) {
      const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": newAddress() } });
      const page = await context.newPage();
      await page.goto(`${app.url}/sign-in?next=${next}`);
      await page.getByLabel("Email").fill(user.email);
      await page.getByLabel("Password").fill(user.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      // A rater's start page is the queue: the off-site next falls back to it. (This waited for /records, where
      // raters no longer land, so every payload sat out the 15 s timeout: 60 s a setup.)
      await page
        .waitForURL((url) => url.pathname === "/queue" || url.host !== new URL(app.url).host, { timeout: 15_000 })
        .catch(() => undefined);
      landed.push(new URL(page.url()).pathname);
      if (new URL(page.url()).host !== new URL(app.url).host) escaped.push(`${next} → ${page.url()}`);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return drillCase({
    name: "open redirect: signing in through the form in Chromium with next=<payload>",
    tried: payloads.length,
    refused: payloads.length - escaped.length,
    lost: 0,
    duplicated: 0,
    // Landing anywhere but the queue means the sign-in itself failed, and then the payload was never followed.
    ok: escaped.length === 0 && landed.every((pathname) => pathname === "/queue"),
    detail:
      escaped.length > 0
        ? `LEFT THE APP: ${escaped.join("; ")}`
        : landed.every((pathname) => pathname === "/queue")
          ? `all ${payloads.length} stayed on the app's host, on the rater's queue`
          : `the sign-in did not reach the queue: landed on ${landed.join(", ")}`,
  });
}

async function parallelWrongPasswords(app: DrillApp, count: number): Promise<DrillCase> {
  const user = await addUser(app, ["rater"], `Raced ${count}`);
  const address = newAddress();
  const answers = await Promise.all(
    Array.from({ length: count }, async (_, attempt) => {
      const response = await signIn(app, user.email, `wrong-${attempt}-password`, address);
      await response.arrayBuffer();
      return { status: response.status, retryAfter: Number(response.headers.get("retry-after")) };
    }),
  );
  const checked = answers.filter((answer) => answer.status === 401).length;
  const throttled = answers.filter((answer) => answer.status === 429);
  const serverErrors = answers.filter((answer) => answer.status >= 500).length;
  const withoutRetryAfter = throttled.filter((answer) => !(answer.retryAfter > 0)).length;
  const other = answers.length - checked - throttled.length;
  return drillCase({
    name: `throttle race: ${count} wrong passwords for one account from one address at once`,
    tried: count,
    refused: throttled.length,
    lost: 0,
    duplicated: 0,
    ok: checked <= LIMIT && serverErrors === 0 && withoutRetryAfter === 0 && other === 0,
    detail: `${checked} checked (limit ${LIMIT}), ${throttled.length} answered 429 (${withoutRetryAfter} without Retry-After), ${serverErrors} 5xx, ${other} other`,
  });
}

async function lockoutFromAnotherAddress(app: DrillApp): Promise<DrillCase> {
  const attacker = newAddress();
  const attempts = 3 * LIMIT;
  let refused = 0;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const response = await signIn(app, app.admin.email, `guess-${attempt}-password`, attacker);
    await response.arrayBuffer();
    if (response.status === 429) refused++;
  }
  const attackerRight = await signIn(app, app.admin.email, app.admin.password, attacker);
  await attackerRight.arrayBuffer();
  const realUser = await signIn(app, app.admin.email, app.admin.password, newAddress());
  await realUser.arrayBuffer();
  // Refused for their Origin: no guess, so nothing counted.
  const user = await addUser(app, ["rater"], "Cross-site target");
  const address = newAddress();
  let crossSiteRefused = 0;
  for (let attempt = 0; attempt < 3 * LIMIT; attempt++) {
    const response = await signIn(app, user.email, "wrong-password-123", address, {
      origin: "https://attacker.example",
    });
    await response.arrayBuffer();
    if (response.status === 403) crossSiteRefused++;
  }
  const afterCrossSite = await signIn(app, user.email, user.password, address);
  await afterCrossSite.arrayBuffer();
  const lost = (realUser.status === 200 ? 0 : 1) + (afterCrossSite.status === 200 ? 0 : 1);
  return drillCase({
    name: `lockout: ${attempts} wrong passwords for the admin from one address, then the admin from another; ${3 * LIMIT} cross-site sign-ins`,
    tried: attempts + 1 + 3 * LIMIT + 2,
    refused: refused + (attackerRight.status === 429 ? 1 : 0) + crossSiteRefused,
    lost,
    duplicated: 0,
    ok: attackerRight.status === 429 && crossSiteRefused === 3 * LIMIT,
    detail: `attacker: ${refused} of ${attempts} guesses throttled, its right password ${attackerRight.status}; the admin from another address: ${realUser.status}; cross-site: ${crossSiteRefused} refused (403), then the right password from that address: ${afterCrossSite.status}`,
  });
}

const CLOSED_ENDPOINTS: [string, string, unknown?][] = [
  ["POST", "/update-user", { name: "x".repeat(5 * 1024 * 1024) }],
  ["POST", "/update-user", { name: "Cross-site target" }],
  ["GET", "/list-sessions"],
  ["POST", "/revoke-session", { token: "x" }],
  ["POST", "/revoke-sessions", {}],
  ["POST", "/revoke-other-sessions", {}],
  ["POST", "/change-email", { newEmail: "x@evil.example" }],
  ["POST", "/change-password", { currentPassword: "x", newPassword: "y".repeat(12) }],
  ["POST", "/set-password", { newPassword: "y".repeat(12) }],
  ["POST", "/delete-user", {}],
  ["POST", "/sign-up/email", { email: "new@evil.example", password: "y".repeat(12), name: "New" }],
  ["POST", "/request-password-reset", { email: "x@evil.example" }],
  ["GET", "/list-accounts"],
  ["POST", "/update-session", {}],
  ["GET", "/ok"],
  ["GET", "/error"],
];

async function closedEndpoints(app: DrillApp, user: DrillUser): Promise<DrillCase> {
  const open: string[] = [];
  for (const [method, path, body] of CLOSED_ENDPOINTS) {
    const response = await api(app, `/api/auth${path}`, { method, cookie: user.cookie, body });
    await response.arrayBuffer();
    if (response.status !== 404) open.push(`${method} ${path} → ${response.status}`);
  }
  // The endpoints that stay open do not hand out the session token.
  const token = user.cookie.split("=")[1]?.split(".")[0] ?? "";
  const session = await api(app, "/api/auth/get-session", { cookie: user.cookie });
  const sessionText = await session.text();
  const signedIn = await signIn(app, user.email, user.password, newAddress());
  const signInText = await signedIn.text();
  const newToken = signedIn.headers.getSetCookie()[0]?.split(";")[0]?.split("=")[1]?.split(".")[0] ?? "";
  const leaks = (token && sessionText.includes(token) ? 1 : 0) + (newToken && signInText.includes(newToken) ? 1 : 0);
  const { rows } = await app.sql.query<{ name: string }>("SELECT name FROM app_user WHERE id = $1", [user.id]);
  return drillCase({
    name: `better-auth endpoints the app does not use (${CLOSED_ENDPOINTS.length}, with a valid session), and the session token in JSON`,
    tried: CLOSED_ENDPOINTS.length + 2,
    refused: CLOSED_ENDPOINTS.length - open.length,
    lost: 0,
    duplicated: 0,
    ok:
      open.length === 0 &&
      leaks === 0 &&
      session.status === 200 &&
      signedIn.status === 200 &&
      rows[0]?.name === user.name,
    detail: `${open.length === 0 ? `all ${CLOSED_ENDPOINTS.length} answered 404` : `ANSWERED: ${open.join(", ")}`}; get-session ${session.status} and sign-in ${signedIn.status}: ${leaks === 0 ? "no session token in either body" : `${leaks} body(ies) CARRY the session token`}; the user's name ${rows[0]?.name === user.name ? "unchanged" : "CHANGED"}`,
  });
}

async function run(context: DrillContext): Promise<DrillResult> {
  // As behind one reverse proxy: the drill's X-Forwarded-For stands for the address the proxy appends.
  const app = await startDrillApp({
    label: "sign_in",
    port: PORT,
    setup: context.setup,
    env: { EVALFORM_TRUSTED_PROXY_HOPS: "1" },
  });
  const cases: DrillCase[] = [];
  try {
    const rater = await addUser(app, ["rater"], "Sign-in Rater");
    context.log("seeded a rater");
    cases.push(await openRedirectOverHttp(app, rater));
    cases.push(await openRedirectInChromium(app, rater));
    cases.push(await parallelWrongPasswords(app, 15));
    cases.push(await parallelWrongPasswords(app, context.full ? 1000 : 300));
    cases.push(await lockoutFromAnotherAddress(app));
    cases.push(await closedEndpoints(app, rater));
  } finally {
    await app.stop();
  }
  return { cases };
}

export const signInDrill: Drill = {
  id: "sign-in",
  title: "7. Sign-in",
  summary:
    "Against the built app: `next` payloads that browsers read as another host (`/\\host`, `/%09/host`, `/.//host`, absolute and scheme-relative URLs) signed in over HTTP and through the sign-in form in Chromium; 15 and 300 (1,000 with `--full`) wrong passwords for one account sent at once, which must check at most 5 and answer the rest 429 with Retry-After and no 5xx; an attacker at one address guessing an admin's password while the admin signs in from another, and cross-site sign-ins that must not count; better-auth's endpoints the app does not use (update-user, list-sessions, change-email…), which must answer 404 with a valid session, and no session token in any JSON body.",
  quick: true,
  everySetup: true,
  run,
};
