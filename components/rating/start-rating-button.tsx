"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { openNextItem, type QueueUrls } from "@/lib/queues/open-next-item";

export function StartRatingButton({ urls, label }: { urls: QueueUrls; label: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className="btn btn-primary"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          const problem = await openNextItem(urls, (path) => router.push(path));
          if (problem) {
            setFailure(problem);
            setBusy(false);
          }
        }}
      >
        {label}
      </button>
      {failure ? (
        <p className="notice notice-error" role="alert">
          {failure}
        </p>
      ) : null}
    </>
  );
}
