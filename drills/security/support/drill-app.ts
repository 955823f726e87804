// The app as the security drills meet it: the built app started as operators
// do (npm run serve) on a fresh database of the drill's setup (direct,
// embedded or behind PgBouncer), its first admin signed
// in, and helpers to add users over the real HTTP API. Nothing here touches
// the app's modules: users, tokens and suites come through HTTP like a client's.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { startApp, type AppProcess } from "@/process-tests/support/app-process";
import { signIn } from "@/process-tests/support/http";
import { prepareSetup, type DatabaseSetup, type SetupName } from "@/process-tests/support/database-setups";

export type DrillUser = { id: string; email: string; name: string; password: string; cookie: string };

export type DrillApp = {
  url: string;
  process: AppProcess;
  /** Direct SQL on the app's database: row counts, and the odd backdating (an expired session). */
  sql: pg.Pool;
  admin: DrillUser;
  stop: () => Promise<void>;
};

export async function startDrillApp(options: {
  label: string;
  port: number;
  setup: SetupName;
  env?: Record<string, string>;
}): Promise<DrillApp> {
  const setup: DatabaseSetup = await prepareSetup(options.setup, { label: `drill_${options.label}` });
  const email = `admin-${randomBytes(3).toString("hex")}@drill.evalform.local`;
  const password = `pw-${randomBytes(12).toString("base64url")}`;
  let app: AppProcess;
  try {
    app = await startApp({
      port: options.port,
      authSecret: randomBytes(32).toString("base64"),
      env: {
        ...setup.appEnv,
        EVALFORM_ADMIN_EMAIL: email,
        EVALFORM_ADMIN_PASSWORD: password,
        EVALFORM_LOG_LEVEL: "warn",
        ...options.env,
      },
    });
  } catch (error) {
    await setup.stop();
    throw error;
  }
  const sql = new pg.Pool({ connectionString: setup.databaseUrl(), max: 2 });
  // The machine's PostgreSQL is shared (another drill may restart it): an idle
  // connection it ends is replaced on the next query, not a crash of the runner.
  sql.on("error", () => undefined);
  const stop = async () => {
    await Promise.race([app.stop("SIGTERM"), new Promise((resolve) => setTimeout(resolve, 15_000))]);
    app.kill();
    await sql.end();
    await setup.stop();
  };
  try {
    const cookie = await signIn(app.url, email, password);
    const id = (await sql.query<{ id: string }>("SELECT id FROM app_user WHERE email = $1", [email])).rows[0]!.id;
    return { url: app.url, process: app, sql, admin: { id, email, name: "admin", password, cookie }, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** JSON request with a session cookie (and our own Origin, as the app's pages send it) or a token. */
export async function api(
  app: DrillApp,
  path: string,
  init: {
    method?: string;
    body?: unknown;
    cookie?: string;
    token?: string;
    headers?: Record<string, string>;
    rawBody?: BodyInit;
  } = {},
): Promise<Response> {
  const headers: Record<string, string> = { origin: app.url, ...init.headers };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined && !headers["content-type"]) headers["content-type"] = "application/json";
  return fetch(`${app.url}${path}`, {
    method: init.method ?? (init.body === undefined && init.rawBody === undefined ? "GET" : "POST"),
    headers,
    body: init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
    signal: AbortSignal.timeout(120_000),
    redirect: "manual",
    // A streamed body (a big upload made as it is sent) needs half duplex.
    ...(init.rawBody instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
}

/** Invites a user as the admin, accepts the invitation under `name` and signs them in. */
export async function addUser(app: DrillApp, roles: string[], name: string): Promise<DrillUser> {
  const email = `${roles.join("-")}-${randomBytes(4).toString("hex")}@drill.evalform.local`;
  const password = `pw-${randomBytes(12).toString("base64url")}`;
  const invited = await api(app, "/api/users", { cookie: app.admin.cookie, body: { email, roles } });
  if (invited.status !== 201) throw new Error(`invite ${email}: ${invited.status} ${await invited.text()}`);
  const token = ((await invited.json()) as { invite_path: string }).invite_path.replace("/invite/", "");
  const accepted = await api(app, `/api/invitations/${token}`, { body: { name, password } });
  if (accepted.status !== 201) throw new Error(`accept ${email}: ${accepted.status} ${await accepted.text()}`);
  const id = (await app.sql.query<{ id: string }>("SELECT id FROM app_user WHERE email = $1", [email])).rows[0]!.id;
  return { id, email, name, password, cookie: await signIn(app.url, email, password) };
}

export async function createToken(
  app: DrillApp,
  user: DrillUser,
  roles: string[],
): Promise<{ id: string; token: string }> {
  const response = await api(app, "/api/tokens", { cookie: user.cookie, body: { name: "drill", roles } });
  if (response.status !== 201) throw new Error(`token: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { token: string; id?: string; token_id?: string; view?: { id: string } };
  return { token: body.token, id: body.id ?? body.token_id ?? body.view?.id ?? "" };
}

/** Rows in every table of the app's schema: what "nothing stored changed" is checked against. */
export async function rowCounts(app: DrillApp): Promise<Record<string, number>> {
  const tables = await app.sql.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
  );
  const counts: Record<string, number> = {};
  for (const { table_name: table } of tables.rows) {
    counts[table] = Number((await app.sql.query<{ n: string }>(`SELECT count(*) AS n FROM "${table}"`)).rows[0]!.n);
  }
  return counts;
}

/** The tables whose row counts differ, as "table a→b". */
export function countChanges(
  before: Record<string, number>,
  after: Record<string, number>,
  ignore: string[] = [],
): string[] {
  return Object.keys({ ...before, ...after })
    .filter((table) => !ignore.includes(table) && before[table] !== after[table])
    .map((table) => `${table} ${before[table] ?? 0}→${after[table] ?? 0}`);
}

/** Starts an export as the admin (POST /api/exports) and answers the path of its file. */
export async function startExport(app: DrillApp, body: Record<string, unknown> = { format: "jsonl" }): Promise<string> {
  const started = await api(app, "/api/exports", { cookie: app.admin.cookie, body });
  if (started.status !== 201) throw new Error(`export not started: ${started.status} ${await started.text()}`);
  return ((await started.json()) as { file: string }).file;
}
