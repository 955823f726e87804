// Next.js configuration. Nothing here fetches from the network at build or run time.
/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Loaded by Node, not bundled: one metrics registry per process, whichever route bumps it.
  serverExternalPackages: ["prom-client"],
  // forbidden(): a signed-in user without the role answers 403 with app/forbidden.tsx (experimental in Next 16; the access-matrix test holds it).
  experimental: { authInterrupts: true },
  turbopack: {
    // In the browser, rjsf's markdown renderer loads on first use (components/aif-form/markdown-on-demand).
    resolveAlias: {
      "markdown-to-jsx/react": { browser: "./components/aif-form/markdown-on-demand/markdown-on-demand.tsx" },
    },
  },
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "same-origin" },
          { key: "X-Frame-Options", value: "DENY" },
        ],
      },
    ];
  },
};

export default nextConfig;
