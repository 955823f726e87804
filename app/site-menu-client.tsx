"use client";
// The header's menu on phones and tablets: a native <details> disclosure
// (keyboard and screen readers know it without ARIA of ours), closed again
// after a link in it navigates, on Escape and on a click elsewhere.
import { usePathname } from "next/navigation";
import { useEffect, useRef, type ReactNode } from "react";

export function SiteMenu({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const pathname = usePathname();
  useEffect(() => {
    ref.current?.removeAttribute("open");
  }, [pathname]);
  useEffect(() => {
    const close = (event: Event) => {
      const menu = ref.current;
      if (!menu?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        menu.open = false;
        menu.querySelector("summary")?.focus();
        return;
      }
      if (!menu.contains(event.target as Node)) menu.open = false;
    };
    document.addEventListener("keydown", close);
    document.addEventListener("click", close);
    return () => {
      document.removeEventListener("keydown", close);
      document.removeEventListener("click", close);
    };
  }, []);
  return (
    <details ref={ref} className="site-menu">
      <summary className="btn">Menu</summary>
      <div className="site-menu-panel">{children}</div>
    </details>
  );
}
