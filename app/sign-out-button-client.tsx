"use client";
// Plain fetch to better-auth's sign-out endpoint: its client library would add
// to every page's JavaScript for this one call.
import { useRouter } from "next/navigation";
import { fetchJson } from "@/lib/http/fetch-json";

export function SignOutButton() {
  const router = useRouter();
  return (
    <button
      type="button"
      className="btn"
      onClick={async () => {
        await fetchJson("/api/auth/sign-out", { method: "POST", body: {} });
        router.replace("/sign-in");
        router.refresh();
      }}
    >
      Sign out
    </button>
  );
}
