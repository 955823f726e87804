"use client";
// Share links of a suite (admin): create one (its URL is shown once) with its
// caps (a link is public: anyone holding it can start over with a new cookie,
// so the link as a whole is capped), or revoke one.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { CopyButton } from "@/components/forms/copy-button";
import { FormField } from "@/components/forms/form-field";
import { fetchJson, issuesByField } from "@/lib/http/fetch-json";

type Link = {
  id: string;
  label: string;
  createdAt: string;
  revokedAt: string | null;
  ratings: number;
  maxSlotsPerItem: number | null;
  maxItemsPerHour: number;
};
type NewLink = { label: string; maxSlotsPerItem: number; maxItemsPerHour: number };

// An empty number field is NaN under valueAsNumber: the server's default then applies.
const given = (value: number) => (Number.isNaN(value) ? undefined : value);

export function ShareLinksClient({ suiteId, links }: { suiteId: string; links: Link[] }) {
  const router = useRouter();
  const [created, setCreated] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<NewLink>();
  const onSubmit = handleSubmit(async ({ label, maxSlotsPerItem, maxItemsPerHour }) => {
    const body = { label, max_slots_per_item: given(maxSlotsPerItem), max_items_per_hour: given(maxItemsPerHour) };
    const result = await fetchJson<{ share_path: string }>(`/api/suites/${suiteId}/share-links`, {
      method: "POST",
      body,
    });
    if (!result.ok) {
      const issues = issuesByField(result.issues);
      if (issues.get("max_slots_per_item")) setError("maxSlotsPerItem", { message: issues.get("max_slots_per_item") });
      if (issues.get("max_items_per_hour")) setError("maxItemsPerHour", { message: issues.get("max_items_per_hour") });
      if (!issues.get("max_slots_per_item") && !issues.get("max_items_per_hour"))
        setError("label", { message: issues.get("label") ?? result.message });
      return;
    }
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
        <FormField
          id="share-label"
          label="Who the link is for"
          error={formState.errors.label?.message}
          {...register("label", { required: "Name the link" })}
        />
        <FormField
          id="share-max-slots"
          label="Most of each item's k slots"
          type="number"
          min={1}
          max={1000}
          inputMode="numeric"
          placeholder="half of k"
          error={formState.errors.maxSlotsPerItem?.message}
          {...register("maxSlotsPerItem", { valueAsNumber: true, min: { value: 1, message: "At least 1" } })}
        />
        <FormField
          id="share-max-hour"
          label="Most new items an hour"
          type="number"
          min={1}
          max={100000}
          inputMode="numeric"
          placeholder="100"
          error={formState.errors.maxItemsPerHour?.message}
          {...register("maxItemsPerHour", { valueAsNumber: true, min: { value: 1, message: "At least 1" } })}
        />
        <button type="submit" className="btn" disabled={formState.isSubmitting}>
          Create share link
        </button>
      </form>
      {created ? (
        <div className="notice share-created">
          <p role="status">
            Share this link (shown only now):{" "}
            <code id="created-share-link" data-testid="share-link">
              {created}
            </code>
          </p>
          <CopyButton text={created} targetId="created-share-link" label="Copy link" />
        </div>
      ) : null}
      <ul className="user-list">
        {links.map((link) => (
          <li key={link.id}>
            {link.label} · {link.ratings} rating{link.ratings === 1 ? "" : "s"}
            {" · "}
            <span data-testid="share-link-caps">
              {link.maxSlotsPerItem === null
                ? "half of each item's slots"
                : `at most ${link.maxSlotsPerItem} of each item's slots`}
              , {link.maxItemsPerHour} new items an hour
            </span>
            {" · "}
            {link.revokedAt ? (
              "revoked"
            ) : (
              <button type="button" className="btn" onClick={() => revoke(link)}>
                Revoke
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
