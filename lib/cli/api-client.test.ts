// The CLI sends its API token only to EVALFORM_URL's origin: a redirect to
// another origin is not followed (fetch would follow it, with the request).
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClientFromEnv, CliError } from "./api-client";

type Seen = { url: string; headers: IncomingHttpHeaders };

async function listen(handle: (url: string) => { status: number; location?: string }) {
  const seen: Seen[] = [];
  const server = createServer((request, response) => {
    seen.push({ url: request.url ?? "", headers: request.headers });
    const answer = handle(request.url ?? "");
    response.writeHead(answer.status, answer.location ? { location: answer.location } : {});
    response.end(answer.status === 200 ? `{"at":"${request.url}"}` : "");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, seen, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

let elsewhere: Awaited<ReturnType<typeof listen>>;
let app: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  elsewhere = await listen(() => ({ status: 200 }));
  app = await listen((url) =>
    url === "/away"
      ? { status: 302, location: `${elsewhere.url}/collect` }
      : url === "/moved"
        ? { status: 308, location: "/api/here" }
        : { status: 200 },
  );
});
afterAll(async () => {
  for (const { server } of [app, elsewhere]) await new Promise((resolve) => server.close(resolve));
});

describe("the CLI's API client", () => {
  it("does not follow a redirect to another origin, so the token stays with EVALFORM_URL", async () => {
    const client = apiClientFromEnv({ EVALFORM_URL: app.url, EVALFORM_TOKEN: "efk_secret" });
    const refused = await client.fetch("/away").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CliError);
    expect((refused as CliError).message).toContain("redirected to another origin");
    expect(elsewhere.seen).toEqual([]);
  });

  it("follows a redirect on its own origin, with the token", async () => {
    const client = apiClientFromEnv({ EVALFORM_URL: app.url, EVALFORM_TOKEN: "efk_secret" });
    const response = await client.fetch("/moved");
    expect(await response.json()).toEqual({ at: "/api/here" });
    expect(app.seen.at(-1)).toMatchObject({ url: "/api/here", headers: { authorization: "Bearer efk_secret" } });
  });
});
