"use client";
// The users page: invite one person or a list, then all users in one table.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { CopyButton } from "@/components/forms/copy-button";
import { FormField } from "@/components/forms/form-field";
import { RoleCheckboxes } from "@/components/forms/role-checkboxes";
import { ROLES, type Role } from "@/lib/auth/permissions";
import { fetchJson, issuesByField } from "@/lib/http/fetch-json";
import { BulkInviteForm, BulkInviteResults, type BulkResult } from "./bulk-invite-client";
import { PendingInvitations, type PendingInvitationRow } from "./pending-invitations-client";
import { UsersTable, type UserRow } from "./users-table-client";

type InviteForm = { email: string; roles: Role[] };

function InviteUserForm({ onInvited }: { onInvited: (link: string, email: string) => void }) {
  const { register, handleSubmit, setError, reset, formState } = useForm<InviteForm>({
    defaultValues: { roles: ["rater"] },
  });
  const onSubmit = handleSubmit(async (values) => {
    const result = await fetchJson<{ invite_path: string; email: string }>("/api/users", {
      method: "POST",
      body: values,
    });
    if (!result.ok) {
      const byField = issuesByField(result.issues);
      setError("email", { message: byField.get("email") ?? (byField.size === 0 ? result.message : undefined) });
      if (byField.get("roles")) setError("roles", { message: byField.get("roles") });
      return;
    }
    onInvited(`${window.location.origin}${result.data.invite_path}`, result.data.email);
    reset();
  });
  return (
    <form onSubmit={onSubmit} noValidate className="panel" aria-labelledby="invite-title">
      <h2 id="invite-title">Invite a user</h2>
      <FormField
        id="invite-email"
        label="Email"
        type="email"
        error={formState.errors.email?.message}
        {...register("email", { required: "Enter an email address" })}
      />
      <RoleCheckboxes
        idPrefix="invite-role"
        legend="Roles"
        roles={ROLES}
        error={formState.errors.roles?.message}
        register={register("roles", { validate: (roles) => (roles?.length ?? 0) > 0 || "Choose at least one role" })}
      />
      <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
        Create invitation link
      </button>
    </form>
  );
}

export function UsersClient({
  users,
  invitations,
  currentUserId,
  initialSearch,
}: {
  users: UserRow[];
  invitations: PendingInvitationRow[];
  currentUserId: string;
  initialSearch: string;
}) {
  const router = useRouter();
  const [invitation, setInvitation] = useState<{ link: string; email: string } | null>(null);
  const [bulkResults, setBulkResults] = useState<BulkResult[] | null>(null);
  const [resetLink, setResetLink] = useState<{ link: string; name: string } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const changed = (text: string) => {
    setMessage(text);
    router.refresh();
  };

  return (
    <>
      {message ? (
        <p className="notice" role="status">
          {message}
        </p>
      ) : null}
      {resetLink ? (
        <div className="notice" role="status">
          <p>
            Send this link to {resetLink.name}. It is shown only now and works once, for 24 hours; their sessions end
            when they set the new password:
          </p>
          <p className="issued-link">
            <code data-testid="reset-link">{resetLink.link}</code>
          </p>
        </div>
      ) : null}
      <InviteUserForm
        onInvited={(link, email) => {
          setInvitation({ link, email });
          router.refresh();
        }}
      />
      {invitation ? (
        <div className="notice" role="status">
          <p>Send this link to {invitation.email}. It is shown only now and works once, for 7 days:</p>
          <p className="issued-link">
            <code id="invitation-link" data-testid="invitation-link">
              {invitation.link}
            </code>{" "}
            <CopyButton text={invitation.link} targetId="invitation-link" label="Copy link" />
          </p>
        </div>
      ) : null}
      <BulkInviteForm
        onInvited={(results) => {
          setBulkResults(results);
          router.refresh();
        }}
      />
      {bulkResults ? <BulkInviteResults results={bulkResults} /> : null}
      <PendingInvitations invitations={invitations} />
      <UsersTable
        users={users}
        currentUserId={currentUserId}
        initialSearch={initialSearch}
        onChanged={changed}
        onResetLink={(user, link) => {
          setResetLink({ link, name: user.name });
          setMessage(null);
        }}
      />
    </>
  );
}
