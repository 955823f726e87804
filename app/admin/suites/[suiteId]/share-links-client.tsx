"use client";
// Share links of a suite (admin): create one (its URL is shown once) or revoke one.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormField } from "@/components/forms/form-field";
import { fetchJson, issuesByField } from "@/lib/http/fetch-json";

type Link = { id: string; label: string; createdAt: string; revokedAt: string | null; ratings: number };

export function ShareLinksClient({ suiteId, links }: { suiteId: string; links: Link[] }) {
  const router = useRouter();
  const [created, setCreated] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<{ label: string }>();
  const onSubmit = handleSubmit(async ({ label }) => {
    const result = await fetchJson<{ share_path: string }>(`/api/suites/${suiteId}/share-links`, { method: "POST", body: { label } });
    if (!result.ok) return setError("label", { message: issuesByField(result.issues).get("label") ?? result.message });
    setCreated(`${window.location.origin}${result.data.share_path}`);
    reset();
    router.refresh();
  });
  const revoke = async (link: Link) => {
    await fetchJson(`/api/share-links/${link.id}`, { method: "DELETE" });
    router.refresh();
  };
  return (
    <section className="panel" aria-labelledby="share-title">
      <h2 id="share-title">Share links for end users</h2>
      <form onSubmit={onSubmit} noValidate className="inline-form">
        <FormField id="share-label" label="Who the link is for" error={formState.errors.label?.message} {...register("label", { required: "Name the link" })} />
        <button type="submit" className="btn" disabled={formState.isSubmitting}>Create share link</button>
      </form>
      {created ? <p className="notice" role="status">Share this link (shown only now): <code data-testid="share-link">{created}</code></p> : null}
      <ul className="user-list">
        {links.map((link) => (
          <li key={link.id}>
            {link.label} · {link.ratings} rating{link.ratings === 1 ? "" : "s"} · {link.revokedAt ? "revoked" : (
              <button type="button" className="btn" onClick={() => revoke(link)}>Revoke</button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
