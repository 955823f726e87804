import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "evalform", template: "%s · evalform" },
  description: "Rate AI model outputs on the AIF Eval Form v1.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <a className="skip-link" href="#main">Skip to content</a>
        <header className="site-header">
          <Link href="/records" className="brand">evalform</Link>
          <nav aria-label="Main">
            <Link href="/records">Records</Link>
            <Link href="/records/new">New rating</Link>
          </nav>
        </header>
        <main id="main">{children}</main>
      </body>
    </html>
  );
}
