"use client";
// An unexpected error while rendering a page: said plainly, with the request's
// reference for the logs and a way to try again; never the error's own text
// (it may hold internals).
import Link from "next/link";

export default function PageError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <section className="panel" aria-labelledby="error-title" role="alert" data-testid="page-error">
      <h1 id="error-title">Something went wrong</h1>
      <p>This page could not be shown. Nothing you saved is lost; drafts stay in this browser and on the server.</p>
      {error.digest ? (
        <p className="help-block">
          Reference for an admin: <code>{error.digest}</code>
        </p>
      ) : null}
      <p>
        <button type="button" onClick={() => reset()}>
          Try again
        </button>{" "}
        or <Link href="/records">go to your records</Link>.
      </p>
    </section>
  );
}
