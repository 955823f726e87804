// Hostile text for drill 5: each payload would set window.__pwned (or open a
// dialog) if the app ever let it run, and each must be shown as the literal text.
export const PAYLOADS = {
  script: `<script>window.__pwned="script";alert("script")</script>`,
  imgOnerror: `<img src=x onerror="window.__pwned='img';alert('img')">`,
  markdownLink: `[click me](javascript:window.__pwned='md';alert('md'))`,
  svgScript: `<svg onload="window.__pwned='svg'"><script>window.__pwned='svg2'</script></svg>`,
  entities: `&lt;b&gt;not bold&lt;/b&gt; &amp;amp; &#60;i&#62; &quot;`,
} as const;

/** All payloads in one string: what the drill puts into every free-text field. */
export const ALL_PAYLOADS = Object.values(PAYLOADS).join(" ");

/** A short one for fields with tight limits (names, file names). */
export const SHORT_PAYLOAD = `<img src=x onerror="window.__pwned='name'">`;

/** Media segments that must stay inert: script URLs shown as text, SVG only as an image (which never runs script). */
export const HOSTILE_MEDIA = [
  { type: "image", url: "javascript:window.__pwned='media-img'" },
  { type: "file", url: "javascript:window.__pwned='media-file'" },
  { type: "file", url: "data:text/html,<script>window.__pwned='data-file'</script>" },
  {
    type: "image",
    url: `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" onload="window.__pwned='svg-img'"><script>window.__pwned='svg-img2'</script></svg>`)}`,
  },
];
