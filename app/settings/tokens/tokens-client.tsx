"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormField } from "@/components/forms/form-field";
import { RoleCheckboxes } from "@/components/forms/role-checkboxes";
import type { Role } from "@/lib/auth/permissions";
import { fetchJson, issuesByField } from "@/lib/http/fetch-json";

type TokenRow = {
  id: string;
  name: string;
  prefix: string;
  roles: Role[];
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

export function TokensClient({ tokens, ownRoles }: { tokens: TokenRow[]; ownRoles: Role[] }) {
  const router = useRouter();
  const [created, setCreated] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<{ name: string; roles: Role[] }>({
    defaultValues: { roles: ownRoles },
  });

  const onSubmit = handleSubmit(async (values) => {
    const result = await fetchJson<{ token: string }>("/api/tokens", { method: "POST", body: values });
    if (!result.ok) {
      const byField = issuesByField(result.issues);
      setError("name", { message: byField.get("name") ?? (byField.size === 0 ? result.message : undefined) });
      if (byField.get("roles")) setError("roles", { message: byField.get("roles") });
      return;
    }
    setCreated(result.data.token);
    reset({ name: "", roles: ownRoles });
    router.refresh();
  });

  const revoke = async (token: TokenRow) => {
    await fetchJson(`/api/tokens/${token.id}`, { method: "DELETE" });
    router.refresh();
  };

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="panel" aria-labelledby="new-token-title">
        <h2 id="new-token-title">New token</h2>
        <FormField
          id="token-name"
          label="Name"
          error={formState.errors.name?.message}
          {...register("name", { required: "Name the token" })}
        />
        <RoleCheckboxes
          idPrefix="token-role"
          legend="Roles"
          roles={ownRoles}
          error={formState.errors.roles?.message}
          register={register("roles", { validate: (roles) => (roles?.length ?? 0) > 0 || "Choose at least one role" })}
        />
        <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
          Create token
        </button>
      </form>
      {created ? (
        <div className="notice" role="status">
          <p>Copy this token now; it is not shown again:</p>
          <p>
            <code data-testid="new-token">{created}</code>
          </p>
        </div>
      ) : null}
      <h2>Your tokens</h2>
      {tokens.length === 0 ? (
        <p>No tokens yet.</p>
      ) : (
        <table className="records-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Token</th>
              <th scope="col">Roles</th>
              <th scope="col">Last used</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {tokens.map((token) => (
              <tr key={token.id}>
                <td>{token.name}</td>
                <td className="mono">{token.prefix}…</td>
                <td>{token.roles.join(", ")}</td>
                <td>{token.lastUsedAt?.slice(0, 16).replace("T", " ") ?? "never"}</td>
                <td>
                  {token.revokedAt ? (
                    "revoked"
                  ) : (
                    <button type="button" className="btn" onClick={() => revoke(token)}>
                      Revoke {token.name}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
