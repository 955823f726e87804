import type { Metadata, Viewport } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { can } from "@/lib/auth/authorize";
import type { Actor } from "@/lib/auth/actor";
import { currentActor } from "@/lib/auth/page-guard";
import { requestNonce } from "@/lib/http/request-nonce";
import { KEY_BUFFER_SCRIPT } from "@/components/rating/key-buffer";
import { SignOutButton } from "./sign-out-button-client";
import { SiteMenu } from "./site-menu-client";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "evalform", template: "%s · evalform" },
  description: "Rate AI model outputs on the AIF Eval Form v1.",
};

// Tells the browser both themes exist before the stylesheet arrives, so a dark system paints dark at once.
export const viewport: Viewport = { colorScheme: "light dark" };

function MainLinks({ actor }: { actor: Actor }) {
  return (
    <>
      {can(actor, "queue.work") ? <Link href="/queue">My queue</Link> : null}
      {can(actor, "review.work") ? <Link href="/review">Review</Link> : null}
      {can(actor, "adjudicate") ? <Link href="/adjudicate">Adjudicate</Link> : null}
      {can(actor, "queue.work") || can(actor, "adjudicate") ? <Link href="/my-work">My work</Link> : null}
      <Link href="/records">Records</Link>
      {can(actor, "records.submit") ? <Link href="/records/new">New rating</Link> : null}
      {can(actor, "items.import") ? <Link href="/admin/imports">Imports</Link> : null}
      {can(actor, "suites.manage") ? <Link href="/admin/suites">Suites</Link> : null}
      {can(actor, "suites.manage") ? <Link href="/admin/pairwise">Pairwise</Link> : null}
      {can(actor, "records.export") ? <Link href="/admin/export">Export</Link> : null}
      {can(actor, "users.manage") ? <Link href="/admin/users">Users</Link> : null}
      {can(actor, "users.manage") ? <Link href="/admin/raters">Raters</Link> : null}
      {can(actor, "users.manage") ? <Link href="/admin/alerts">Alerts</Link> : null}
      {can(actor, "audit.read") ? <Link href="/admin/audit">Audit log</Link> : null}
      <Link href="/settings/tokens">API tokens</Link>
    </>
  );
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [actor, nonce] = await Promise.all([currentActor(), requestNonce()]);
  const signedInAs = actor ? `${actor.name} (${actor.roles.join(", ")})` : "";
  return (
    <html lang="en">
      <head>
        {/* Before the first paint and any other script: keys typed on a rating page wait for its form. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: KEY_BUFFER_SCRIPT }} />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <header className="site-header">
          <Link href="/records" className="brand">
            evalform
          </Link>
          {actor ? (
            <>
              {/* Wide screens: the links in a row. Below 64rem CSS hides these and shows the menu. */}
              <nav aria-label="Main" className="site-nav site-wide">
                <MainLinks actor={actor} />
              </nav>
              <div className="account site-wide">
                <span data-testid="signed-in-as">{signedInAs}</span>
                <SignOutButton />
              </div>
              <div className="site-narrow">
                <SiteMenu>
                  <nav aria-label="Main menu" className="site-menu-links">
                    <MainLinks actor={actor} />
                  </nav>
                  <div className="site-menu-account">
                    <span>{signedInAs}</span>
                    <SignOutButton />
                  </div>
                </SiteMenu>
              </div>
            </>
          ) : null}
        </header>
        <main id="main">{children}</main>
      </body>
    </html>
  );
}
