// Runs once when the server starts: refuse to start with a missing or weak
// configuration, naming each problem, instead of failing on first request.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { configurationProblems } = await import("./lib/env");
  const problems = configurationProblems();
  if (problems.length > 0) {
    console.error(`evalform cannot start:\n${problems.join("\n")}`);
    process.exit(1);
  }
  // Limits per address read the socket's address, which route handlers are not given.
  const { installPeerAddressStamp } = await import("./lib/http/peer-address-stamp");
  installPeerAddressStamp();
  const { installShutdownHandlers } = await import("./lib/lifecycle/shutdown");
  installShutdownHandlers();
  const { startJudgeRunSweeper } = await import("./lib/judge-runs/sweeper");
  startJudgeRunSweeper();
}

type ErrorRequest = { path: string; method: string; headers: Record<string, string | string[] | undefined> };
type ErrorContext = { routePath: string; routeType: string };

// Errors Next catches itself (pages, server components) get a structured line
// too, with the request id the proxy gave the request. The path is left out:
// share-link pages carry their token in it; the route template is enough.
export async function onRequestError(error: unknown, request: ErrorRequest, context: ErrorContext): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { errorField, logger } = await import("./lib/observability/logger");
  const requestId = request.headers["x-request-id"];
  logger().error(
    {
      request_id: typeof requestId === "string" ? requestId : undefined,
      route: context.routePath,
      route_type: context.routeType,
      method: request.method,
      err: errorField(error),
    },
    "unhandled error",
  );
}
