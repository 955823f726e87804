// Whether this process is shutting down, and how many API requests it is still
// serving. On SIGTERM Next.js closes the listening socket and waits for the
// requests in flight; meanwhile a client on a kept-alive connection could
// still send a new one, so the API refuses those (503) and readiness says
// "shutting down".
type Lifecycle = { drainingSince: number | null; inFlight: number };

// One state per process: Next may load this module once per bundle.
const globalForLifecycle = globalThis as unknown as { evalformLifecycle?: Lifecycle };
const state = (globalForLifecycle.evalformLifecycle ??= { drainingSince: null, inFlight: 0 });

export function beginDraining(): void {
  state.drainingSince ??= Date.now();
}

export function isDraining(): boolean {
  return state.drainingSince !== null;
}

export function requestsInFlight(): number {
  return state.inFlight;
}

/** Counts a request as in flight until `run` settles. */
export async function trackInFlight<T>(run: () => Promise<T>): Promise<T> {
  state.inFlight += 1;
  try {
    return await run();
  } finally {
    state.inFlight -= 1;
  }
}
