// 404 inside the app's own layout (navigation stays), with a way back: an
// unknown or malformed id, a link that went stale, or something that is not
// yours to see.
import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "Not found" };

export default function NotFound() {
  return (
    <section className="panel" aria-labelledby="not-found-title" data-testid="not-found">
      <h1 id="not-found-title">Nothing here</h1>
      <p>
        There is no such page, or what it shows does not exist (any more) or is not yours to see. Check the link, or
        start again from <Link href="/records">your records</Link>.
      </p>
    </section>
  );
}
