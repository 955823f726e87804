// The CLI's view of a running evalform server: base URL and API token from the
// environment, and errors printed the way the API gives them (path, rule, message).
export type ApiClient = {
  baseUrl: string;
  fetch: (path: string, init?: RequestInit & { duplex?: "half" }) => Promise<Response>;
};

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** The CLI's settings are its caller's environment (not the server's lib/env). */
export function apiClientFromEnv(env: Record<string, string | undefined>): ApiClient {
  const baseUrl = (env.EVALFORM_URL ?? "http://127.0.0.1:3000").replace(/\/$/, "");
  const token = env.EVALFORM_TOKEN;
  if (!token)
    throw new CliError(
      "EVALFORM_TOKEN is not set: create an API token on the Settings page of the app, then export EVALFORM_TOKEN=…",
      2,
    );
  const origin = originOf(baseUrl);
  return {
    baseUrl,
    fetch: async (path, init = {}) => {
      let url = `${baseUrl}${path}`;
      for (let hop = 0; ; hop += 1) {
        let response: Response;
        try {
          // Redirects are followed here, not by fetch: the token goes with every request.
          response = await fetch(url, {
            ...init,
            headers: { Authorization: `Bearer ${token}`, ...init.headers },
            redirect: "manual",
          });
        } catch (error) {
          throw new CliError(
            `cannot reach ${baseUrl} (EVALFORM_URL): ${(error as Error).cause ?? (error as Error).message}`,
            2,
          );
        }
        const location = REDIRECTS.has(response.status) ? response.headers.get("location") : null;
        if (location === null) return response;
        const next = new URL(location, url);
        if (next.origin !== origin)
          throw new CliError(
            `${baseUrl} redirected to another origin (${next.origin}); not followed, so the API token is not sent there. Set EVALFORM_URL to the server itself.`,
            2,
          );
        // A streamed body cannot be sent twice; the server's own redirects are of GETs (a trailing slash).
        if (hop >= 5 || (init.body !== undefined && typeof init.body !== "string"))
          throw new CliError(`${url} redirected to ${next.href}; not followed`, 2);
        url = next.href;
        // As fetch would: a 303, or a 301/302 of a POST, is followed with a GET.
        if (response.status === 303 || ((response.status === 301 || response.status === 302) && init.method === "POST"))
          init = { ...init, method: "GET", body: undefined };
      }
    },
  };
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function originOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).origin;
  } catch {
    throw new CliError(`EVALFORM_URL is not a URL: ${baseUrl}`, 2);
  }
}

type ErrorBody = {
  error?: { message?: string };
  errors?: { path?: string; line?: number; rule?: string; message?: string }[];
};

/** The server's refusal as lines: its message, then each issue. */
export async function describeFailure(response: Response): Promise<string> {
  const text = await response.text();
  let body: ErrorBody = {};
  try {
    body = JSON.parse(text) as ErrorBody;
  } catch {
    return `HTTP ${response.status}: ${text.slice(0, 500)}`;
  }
  const issues = (body.errors ?? []).map(
    (issue) =>
      `  ${issue.line !== undefined ? `line ${issue.line} ` : ""}${issue.path || "/"} ${issue.rule ?? ""}: ${issue.message ?? ""}`,
  );
  return [`HTTP ${response.status}: ${body.error?.message ?? response.statusText}`, ...issues].join("\n");
}
