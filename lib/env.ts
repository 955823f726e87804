// Reads and validates the environment once. Nothing else reads process.env.
import { z } from "zod";

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const EnvSchema = z.object({
  DATABASE_URL: z.string().url({ message: "must be a postgresql:// URL" }).optional(),
  DATABASE_POOL_MAX: positiveInt(10),
  DATABASE_CONNECT_TIMEOUT_MS: positiveInt(5_000),
  DATABASE_STATEMENT_TIMEOUT_MS: positiveInt(15_000),
  EVALFORM_DATA_DIR: z.string().default(".data"),
  PORT: positiveInt(3000),
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

export function requireDatabaseUrl(): string {
  const url = getEnv().DATABASE_URL;
  if (!url) {
    throw new Error("DATABASE_URL is not set. Start the app with `npm run serve`, which provides an embedded database when DATABASE_URL is unset.");
  }
  return url;
}

/** For launchers that provide a database (the embedded one) before the app reads its configuration. */
export function provideDatabaseUrl(url: string): void {
  process.env.DATABASE_URL = url;
  cached = undefined;
}
