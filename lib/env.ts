// Reads and validates the environment once. Nothing else reads process.env.
import { z } from "zod";

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

// Secrets seen in docs and examples: never accepted, however long.
const KNOWN_WEAK_SECRETS = new Set(["better-auth-secret-123456789", "changeme", "secret", "your-secret-here"]);

const strongSecret = z
  .string({ message: "is not set: generate one with `openssl rand -base64 32`" })
  .min(32, { message: "must be at least 32 characters: generate one with `openssl rand -base64 32`" })
  .refine((value) => !KNOWN_WEAK_SECRETS.has(value) && new Set(value).size >= 12, {
    message: "is a well-known or low-entropy value: generate one with `openssl rand -base64 32`",
  });

const EnvSchema = z.object({
  DATABASE_URL: z.string().url({ message: "must be a postgresql:// URL" }).optional(),
  DATABASE_POOL_MAX: positiveInt(10),
  DATABASE_CONNECT_TIMEOUT_MS: positiveInt(5_000),
  DATABASE_STATEMENT_TIMEOUT_MS: positiveInt(15_000),
  EVALFORM_DATA_DIR: z.string().default(".data"),
  /** Largest import file accepted (bytes); larger uploads are refused with 413. */
  EVALFORM_MAX_UPLOAD_BYTES: positiveInt(200 * 1024 * 1024),
  PORT: positiveInt(3000),
  /** The address `npm run serve` listens on: this machine only, unless told (0.0.0.0 or :: for every interface). */
  EVALFORM_HOST: z.string().min(1).default("127.0.0.1"),
  /** The URL users reach the app at; cookies are Secure when it is https. */
  EVALFORM_BASE_URL: z.string().url().optional(),
  EVALFORM_ADMIN_EMAIL: z.string().email().optional(),
  EVALFORM_ADMIN_PASSWORD: z.string().min(12, { message: "must be at least 12 characters" }).optional(),
  BETTER_AUTH_SECRET: z.string().optional(),
  /** An OpenAI-compatible endpoint for judge runs (…/v1); judge runs are off without it. */
  EVALFORM_JUDGE_BASE_URL: z
    .string()
    .url({ message: "must be the endpoint's base URL, e.g. https://api.openai.com/v1" })
    .optional(),
  EVALFORM_JUDGE_MODEL: z.string().min(1).optional(),
  EVALFORM_JUDGE_API_KEY: z.string().optional(),
  /** Requests in flight per judge run. */
  EVALFORM_JUDGE_CONCURRENCY: positiveInt(4).pipe(z.number().max(64, { message: "must be at most 64" })),
  EVALFORM_JUDGE_TIMEOUT_MS: positiveInt(60_000),
  /** Tries per judge request, counting the first (429, 5xx and timeouts are retried). */
  EVALFORM_JUDGE_MAX_ATTEMPTS: positiveInt(4),
  /** Exports streaming at once (each holds one database connection); more wait, then get 503. */
  EVALFORM_EXPORT_CONCURRENCY: positiveInt(4).pipe(z.number().max(32, { message: "must be at most 32" })),
  /** How long a download may stall (a slow or paused client) before its export is failed. */
  EVALFORM_EXPORT_IDLE_TIMEOUT_MS: positiveInt(300_000),
  /** A rater drifts when their mean absolute error on recent gold items passes this (Likert points). */
  EVALFORM_DRIFT_THRESHOLD: z.coerce.number().positive().max(4).default(1),
  /** Gold ratings per rater and dimension that the drift check looks back over. */
  EVALFORM_DRIFT_WINDOW: positiveInt(10),
  /** Bearer token for /api/metrics; the endpoint answers 404 while it is unset. */
  EVALFORM_METRICS_TOKEN: strongSecret.optional(),
  /** Reverse proxies in front of the app that append the client address to X-Forwarded-For; 0: the header is not trusted. */
  EVALFORM_TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** The least severe log lines written (JSON on stdout). */
  EVALFORM_LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      message: "must be one of fatal, error, warn, info, debug, trace, silent",
    })
    .default("info"),
});

export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

export function getEnv(): Env {
  if (cached) return cached;
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join("\n")}`);
  }
  cached = parsed.data;
  return cached;
}

/** Every problem with the configuration, each naming its variable; empty when the app may start. */
export function configurationProblems(): string[] {
  const problems: string[] = [];
  let env: Env | null = null;
  try {
    env = getEnv();
  } catch (error) {
    problems.push((error as Error).message);
  }
  if (env && Boolean(env.EVALFORM_JUDGE_BASE_URL) !== Boolean(env.EVALFORM_JUDGE_MODEL)) {
    problems.push(
      `Invalid configuration:\n  ${env.EVALFORM_JUDGE_BASE_URL ? "EVALFORM_JUDGE_MODEL" : "EVALFORM_JUDGE_BASE_URL"}: must be set together with ${env.EVALFORM_JUDGE_BASE_URL ? "EVALFORM_JUDGE_BASE_URL" : "EVALFORM_JUDGE_MODEL"} (judge runs need both)`,
    );
  }
  if (env) {
    for (const check of [requireDatabaseUrl, requireAuthSecret]) {
      try {
        check();
      } catch (error) {
        problems.push((error as Error).message);
      }
    }
  }
  return problems;
}

/** The session secret; the app refuses to start without a strong one. */
export function requireAuthSecret(): string {
  const parsed = strongSecret.safeParse(getEnv().BETTER_AUTH_SECRET);
  if (!parsed.success)
    throw new Error(`Invalid configuration:\n  BETTER_AUTH_SECRET: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

export function baseUrl(): string {
  const env = getEnv();
  return env.EVALFORM_BASE_URL ?? `http://localhost:${env.PORT}`;
}

export function requireDatabaseUrl(): string {
  const url = getEnv().DATABASE_URL;
  if (!url) {
    throw new Error(
      "DATABASE_URL is not set. Start the app with `npm run serve`, which provides an embedded database when DATABASE_URL is unset.",
    );
  }
  return url;
}

/** For launchers that provide a setting (the embedded database, a generated secret) before the app reads its configuration. */
export function provideSetting(name: "DATABASE_URL" | "BETTER_AUTH_SECRET", value: string): void {
  process.env[name] = value;
  cached = undefined;
}

export type JudgeEndpoint = {
  baseUrl: string;
  model: string;
  apiKey?: string;
  concurrency: number;
  timeoutMs: number;
  maxAttempts: number;
};

/** The configured judge endpoint, or null when judge runs are not configured. */
export function judgeEndpoint(): JudgeEndpoint | null {
  const env = getEnv();
  if (!env.EVALFORM_JUDGE_BASE_URL || !env.EVALFORM_JUDGE_MODEL) return null;
  return {
    baseUrl: env.EVALFORM_JUDGE_BASE_URL,
    model: env.EVALFORM_JUDGE_MODEL,
    apiKey: env.EVALFORM_JUDGE_API_KEY || undefined,
    concurrency: env.EVALFORM_JUDGE_CONCURRENCY,
    timeoutMs: env.EVALFORM_JUDGE_TIMEOUT_MS,
    maxAttempts: env.EVALFORM_JUDGE_MAX_ATTEMPTS,
  };
}

export function driftSettings(): { window: number; threshold: number; minRatings: number } {
  const env = getEnv();
  // A window needs enough ratings to say anything: half of it, at least 3.
  return {
    window: env.EVALFORM_DRIFT_WINDOW,
    threshold: env.EVALFORM_DRIFT_THRESHOLD,
    minRatings: Math.max(3, Math.ceil(env.EVALFORM_DRIFT_WINDOW / 2)),
  };
}

/** `next dev`: the Content-Security-Policy must then allow React's development eval. */
export function isDevelopment(): boolean {
  return process.env.NODE_ENV === "development";
}

/** Outside production every JSON answer is checked against its route's schema (lib/http/define-route.ts). */
export function checksAnswers(): boolean {
  return process.env.NODE_ENV !== "production";
}
