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
  const { startJudgeRunSweeper } = await import("./lib/judge-runs/sweeper");
  startJudgeRunSweeper();
}
