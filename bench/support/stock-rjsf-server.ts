// Serves the stock rjsf page (stock-rjsf/entry.tsx, bundled and minified with
// esbuild for production) gzip-compressed as `next start` serves our pages, so
// the form benchmark compares like with like.
import { createServer, type Server } from "node:http";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

export async function startStockRjsfServer(
  port: number,
): Promise<{ url: string; bundleBytes: number; gzipBytes: number; close: () => Promise<void> }> {
  const result = await build({
    entryPoints: [path.join(import.meta.dirname, "stock-rjsf/entry.tsx")],
    bundle: true,
    minify: true,
    write: false,
    format: "esm",
    target: "es2022",
    jsx: "automatic",
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "error",
  });
  const bundle = Buffer.from(result.outputFiles[0]!.contents);
  const gzipped = gzipSync(bundle);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stock rjsf</title></head><body><div id="root"></div><script type="module" src="/form.js"></script></body></html>`;
  const server: Server = createServer((request, response) => {
    if (request.url === "/form.js") {
      response.writeHead(200, {
        "Content-Type": "text/javascript",
        "Content-Encoding": "gzip",
        "Cache-Control": "no-store",
      });
      response.end(gzipped);
      return;
    }
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    bundleBytes: bundle.length,
    gzipBytes: gzipped.length,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
