// Small HTTP helpers for process tests: sign in for a session cookie, JSON calls with a cookie or a token.
export type Credentials = { cookie?: string; token?: string };

export async function signIn(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

export async function call(
  url: string,
  path: string,
  credentials: Credentials,
  init: { method?: string; body?: unknown; rawBody?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { origin: url };
  if (credentials.cookie) headers.cookie = credentials.cookie;
  if (credentials.token) headers.authorization = `Bearer ${credentials.token}`;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  return fetch(`${url}${path}`, {
    method: init.method ?? (init.body === undefined && init.rawBody === undefined ? "GET" : "POST"),
    headers,
    body: init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
    signal: AbortSignal.timeout(30_000),
  });
}
