"use client";
// When even the layout fails: a page of its own (it replaces the root layout,
// so it brings its html and body), with a way to try again.
import Link from "next/link";

export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <body style={{ fontFamily: "system-ui, sans-serif", margin: "2rem", color: "#1a1d23" }}>
        <main>
          <h1>evalform could not show this page</h1>
          <p>Nothing you saved is lost. Try again, or come back in a minute.</p>
          {error.digest ? (
            <p>
              Reference for an admin: <code>{error.digest}</code>
            </p>
          ) : null}
          <button type="button" onClick={() => reset()}>
            Try again
          </button>{" "}
          <Link href="/records">Your records</Link>
        </main>
      </body>
    </html>
  );
}
