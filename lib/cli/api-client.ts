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
  return {
    baseUrl,
    fetch: async (path, init = {}) => {
      try {
        return await fetch(`${baseUrl}${path}`, {
          ...init,
          headers: { Authorization: `Bearer ${token}`, ...init.headers },
        });
      } catch (error) {
        throw new CliError(
          `cannot reach ${baseUrl} (EVALFORM_URL): ${(error as Error).cause ?? (error as Error).message}`,
          2,
        );
      }
    },
  };
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
