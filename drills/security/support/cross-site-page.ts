// A page on another origin that posts a form to the app as soon as it loads:
// the browser side of a cross-site request forgery. The drill's Chromium opens
// it while signed in to the app.
import { createServer, type Server } from "node:http";

export type CrossSitePage = { url: string; close: () => Promise<void> };

/** Serves, at /form?target=URL&enctype=TYPE, an auto-submitting POST form with a JSON-looking field. */
export async function startCrossSitePage(port: number): Promise<CrossSitePage> {
  const server: Server = createServer((request, response) => {
    const params = new URL(request.url ?? "/", "http://x").searchParams;
    const target = params.get("target") ?? "";
    const enctype = params.get("enctype") ?? "application/x-www-form-urlencoded";
    const escape = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
    // text/plain turns name=value into `{"name":"drill","roles":["rater"],"x":"=}` : valid JSON once the "=" lands inside a string.
    response.writeHead(200, { "content-type": "text/html" });
    response.end(`<!doctype html><form method="POST" action="${escape(target)}" enctype="${escape(enctype)}">
<input name='{"name":"forged","roles":["rater"],"draft":{},"x":"' value='"}'>
</form><script>document.forms[0].submit()</script>`);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
