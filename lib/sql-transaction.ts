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

/**
 * The client sqlTransaction hands its work: tagged SQL, and the pg connection itself for a statement built as
 * text (the record insert, lib/records/insert-record.ts), run inside the same transaction.
 */
export class PgTransaction implements SqlClient {
  constructor(readonly connection: pg.PoolClient) {}

  private run(strings: TemplateStringsArray, values: unknown[]) {
    const statement = Prisma.sql(strings, ...values);
    return this.connection.query(statement.text, statement.values as unknown[]);
  }

  async $queryRaw<T = unknown>(strings: TemplateStringsArray, ...values: unknown[]): Promise<T> {
    return (await this.run(strings, values)).rows as T;
  }

  async $executeRaw(strings: TemplateStringsArray, ...values: unknown[]): Promise<number> {
    return (await this.run(strings, values)).rowCount ?? 0;
  }
}

/** True for sqlTransaction's client, false for a Prisma client or transaction. */
export function isPgTransaction(client: object): client is PgTransaction {
  return client instanceof PgTransaction;
}

/**
 * Runs `work` in one READ COMMITTED transaction on the app's pool: committed when it returns, rolled back when it
 * throws. Results come as pg gives them: bigint counts as strings (callers read them with Number()).
 */
export async function sqlTransaction<T>(work: (tx: PgTransaction) => Promise<T>): Promise<T> {
  const client = await appPool().connect();
  let broken: Error | undefined;
  try {
    await client.query("BEGIN");
    try {
      const result = await work(new PgTransaction(client));
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
