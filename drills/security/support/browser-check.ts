// Opens a page in Chromium and reports what hostile content managed to do
// there: dialogs, the `window.__pwned` canary that every payload tries to set,
// Content-Security-Policy violations, live javascript: links and event-handler
// attributes, and whether the payloads' text is shown literally.
import { chromium, type Browser, type BrowserContext, type Page } from "playwright";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
}

/** A browser context signed in with `cookie` ("name=value; name2=value2") for the app at `url`. */
export async function contextWithCookie(browser: Browser, url: string, cookie: string | null): Promise<BrowserContext> {
  const context = await browser.newContext({ acceptDownloads: true });
  if (cookie) {
    await context.addCookies(
      cookie.split("; ").map((pair) => {
        const at = pair.indexOf("=");
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
      }),
    );
  }
  // Runs before the page's own scripts; CSP does not apply to it.
  await context.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = violations;
    document.addEventListener("securitypolicyviolation", (event) =>
      violations.push(
        `${event.violatedDirective} ${event.blockedURI || "inline"}${event.sourceFile ? ` at ${event.sourceFile.split("/").pop()}:${event.lineNumber}:${event.columnNumber}` : ""}`,
      ),
    );
  });
  return context;
}

export type PageFindings = {
  status: number;
  dialogs: string[];
  pwned: unknown;
  cspViolations: string[];
  javascriptLinks: number;
  handlerAttributes: number;
  missingText: string[];
  headers: Record<string, string>;
};

/** Text a person can see or expand: every text node outside <script>, <style> and <template>. */
async function shownText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const parts: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.parentElement?.closest("script, style, template, noscript")) parts.push(node.textContent ?? "");
    }
    // Form fields hold text as values, not text nodes.
    for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea"))
      parts.push(field.value);
    return parts.join("\n");
  });
}

export async function inspectPage(context: BrowserContext, url: string, expectText: string[]): Promise<PageFindings> {
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => undefined);
  });
  try {
    const response = await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    // Hydration and any lazily loaded media (an onerror fires after the image fails).
    await page.waitForLoadState("networkidle", { timeout: 15_000 }).catch(() => undefined);
    await page.waitForTimeout(300);
    const text = await shownText(page);
    const found = await page.evaluate(() => ({
      pwned: (window as unknown as { __pwned?: unknown }).__pwned,
      cspViolations: (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
      javascriptLinks: [...document.querySelectorAll("[href], [src], [action], [formaction]")].filter((element) =>
        ["href", "src", "action", "formaction"].some((name) =>
          /^\s*javascript:/i.test(element.getAttribute(name) ?? ""),
        ),
      ).length,
      handlerAttributes: [...document.querySelectorAll("body *")].filter((element) =>
        [...element.attributes].some((attribute) => /^on/i.test(attribute.name)),
      ).length,
    }));
    return {
      status: response?.status() ?? 0,
      dialogs,
      ...found,
      // A record shown as JSON escapes quotes: that is still the literal text.
      missingText: expectText.filter(
        (literal) => !text.includes(literal) && !text.includes(JSON.stringify(literal).slice(1, -1)),
      ),
      headers: response?.headers() ?? {},
    };
  } finally {
    await page.close();
  }
}

/** Navigates to a download URL as a person would; the browser must save it, not render it. */
export async function openDownload(
  context: BrowserContext,
  url: string,
): Promise<{ downloaded: boolean; content: string; pwned: unknown; dialogs: number }> {
  const page = await context.newPage();
  let dialogs = 0;
  page.on("dialog", (dialog) => {
    dialogs++;
    void dialog.dismiss().catch(() => undefined);
  });
  try {
    const download = page.waitForEvent("download", { timeout: 30_000 }).catch(() => null);
    await page.goto(url).catch(() => undefined); // "Download is starting" aborts the navigation.
    const saved = await download;
    let content = "";
    if (saved) {
      const stream = await saved.createReadStream();
      for await (const chunk of stream) content += chunk;
    }
    const pwned = await page
      .evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)
      .catch(() => undefined);
    return { downloaded: saved !== null, content, pwned, dialogs };
  } finally {
    await page.close();
  }
}
