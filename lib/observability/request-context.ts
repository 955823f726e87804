// What the logger needs to know about the request being served, carried
// through every await of its handler (AsyncLocalStorage).
import { AsyncLocalStorage } from "node:async_hooks";

export type RequestContext = { requestId: string; route: string; userId?: string };

// One store per process: Next may load this module once per bundle.
const globalForContext = globalThis as unknown as { evalformRequestContext?: AsyncLocalStorage<RequestContext> };
const storage = (globalForContext.evalformRequestContext ??= new AsyncLocalStorage<RequestContext>());

export function runWithRequestContext<T>(context: RequestContext, run: () => T): T {
  return storage.run(context, run);
}

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}
