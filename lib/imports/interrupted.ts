// An import whose server stopped while reading its file (killed, crashed, a
// lost connection): the reading request heartbeats, so an import still
// "reading" without a heartbeat for a while is known to be interrupted. Its
// staged lines never reach `item`; the next new import sweeps them away.
import "server-only";
import { db } from "@/lib/db";

/** How often a reading import says it is alive; progress updates count too. */
export const IMPORT_HEARTBEAT_MS = 5_000;
/** Silence after which a reading import is taken as interrupted: several missed heartbeats, so a slow upload is not. */
export const IMPORT_STALE_MS = 30_000;

export const INTERRUPTED_FAILURE =
  "Interrupted: the file stopped arriving, or the server reading it stopped, before it was read to the end; nothing was imported. Import the file again.";

export function isInterrupted(row: { status: string; updatedAt: Date }, now = Date.now()): boolean {
  return row.status === "reading" && row.updatedAt.getTime() < now - IMPORT_STALE_MS;
}

export function staleSince(now = Date.now()): Date {
  return new Date(now - IMPORT_STALE_MS);
}

/** Keeps the import's updated_at fresh while its file is read; call the result to stop. */
export function startHeartbeat(importId: string): () => void {
  const timer = setInterval(() => {
    // A missed beat (the database briefly away) is harmless: the next one or the outcome catches up.
    db()
      .itemImport.updateMany({ where: { id: importId, status: "reading" }, data: { updatedAt: new Date() } })
      .catch(() => undefined);
  }, IMPORT_HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** Marks interrupted imports failed and drops their staged lines. Returns how many were swept. */
export async function sweepInterruptedImports(): Promise<number> {
  return db().$transaction(async (tx) => {
    const stale = await tx.itemImport.findMany({
      where: { status: "reading", updatedAt: { lt: staleSince() } },
      select: { id: true },
    });
    if (stale.length === 0) return 0;
    const ids = stale.map((row) => row.id);
    await tx.importStagedItem.deleteMany({ where: { importId: { in: ids } } });
    // Re-checked in the update: a heartbeat that arrived meanwhile keeps its import.
    const { count } = await tx.itemImport.updateMany({
      where: { id: { in: ids }, status: "reading", updatedAt: { lt: staleSince() } },
      data: { status: "failed", failure: INTERRUPTED_FAILURE, finishedAt: new Date(), updatedAt: new Date() },
    });
    return count;
  });
}
