// A transaction on a plain pg connection for hot paths written as tagged SQL.
// Prisma's interactive transaction costs 1.3–2.4 ms more than pg for the same
// eight statements (measured in one process, issue 23), and "next item" is
// eight statements on every claim. The query modules take an `SqlClient`, the
// one thing they need of a client: a Prisma client or transaction satisfies it
// as well, so the same functions run inside Prisma transactions elsewhere.
import "server-only";
import type pg from "pg";
import { appPool } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";

/** Prisma's tagged raw queries; `Prisma.raw` fragments are inlined, every other value is a parameter. */
export interface SqlClient {
  $queryRaw<T = unknown>(query: TemplateStringsArray, ...values: unknown[]): PromiseLike<T>;
  $executeRaw(query: TemplateStringsArray, ...values: unknown[]): PromiseLike<number>;
}

function pgSqlClient(client: pg.PoolClient): SqlClient {
  const run = (strings: TemplateStringsArray, values: unknown[]) => {
    const statement = Prisma.sql(strings, ...values);
    return client.query(statement.text, statement.values as unknown[]);
  };
  return {
    $queryRaw: async <T>(strings: TemplateStringsArray, ...values: unknown[]) => (await run(strings, values)).rows as T,
    $executeRaw: async (strings: TemplateStringsArray, ...values: unknown[]) =>
      (await run(strings, values)).rowCount ?? 0,
  };
}

/**
 * Runs `work` in one READ COMMITTED transaction on the app's pool: committed when it returns, rolled back when it
 * throws. Results come as pg gives them: bigint counts as strings (callers read them with Number()).
 */
export async function sqlTransaction<T>(work: (tx: SqlClient) => Promise<T>): Promise<T> {
  const client = await appPool().connect();
  let broken: Error | undefined;
  try {
    await client.query("BEGIN");
    try {
      const result = await work(pgSqlClient(client));
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch((rollbackFailed: Error) => (broken = rollbackFailed));
      throw error;
    }
  } finally {
    // A connection whose rollback failed is not handed to the next caller.
    client.release(broken);
  }
}
