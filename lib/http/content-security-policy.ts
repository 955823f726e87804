// The Content-Security-Policy of every response, with a fresh nonce per request
// (set by proxy.ts). Scripts run only from our origin with the nonce, and what
// those load ('strict-dynamic'), so an injected <script> or onerror= never runs.
// Styles may be inline: React's style attributes and the chart library use
// them, and a style cannot run script. Media come from our origin or data:/blob:
// only (lib/items/media-url.ts shows nothing else), so no page can beacon to
// another host through an image.

export function contentSecurityPolicy(options: { nonce: string; development: boolean }): string {
  // React's development build evaluates strings for its debugging stacks.
  const scriptSources = [
    "'self'",
    `'nonce-${options.nonce}'`,
    "'strict-dynamic'",
    ...(options.development ? ["'unsafe-eval'"] : []),
  ];
  const directives = [
    "default-src 'self'",
    `script-src ${scriptSources.join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  return directives.join("; ");
}

/** 128 random bits, base64: unguessable, fresh for each response. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The policy of every API response (set by observeRequest): JSON and downloads
 * load nothing and may not be framed, so a response opened in a browser tab
 * cannot run or fetch anything, whatever it holds.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";
