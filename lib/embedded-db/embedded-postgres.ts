// An embedded PostgreSQL (PGlite, served over a local TCP port by
// pglite-socket) for people who have no database: data lives under a folder.
// The app talks to it with the ordinary `pg` driver, like any PostgreSQL.
import { mkdir } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

export type EmbeddedPostgres = { url: string; stop: () => Promise<void> };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export async function startEmbeddedPostgres(options: { dataDir: string; port?: number; maxConnections?: number }): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true });
  const database = await PGlite.create(dataDir);
  const port = options.port ?? (await freePort());
  // It is one session underneath; several sockets share it, queued per query.
  const server = new PGLiteSocketServer({ db: database, port, host: "127.0.0.1", maxConnections: options.maxConnections ?? 16 });
  await server.start();
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    stop: async () => {
      await server.stop();
      await database.close();
    },
  };
}
