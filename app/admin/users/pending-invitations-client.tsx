"use client";
// The users page's list of invitations not accepted yet: resend one (a new
// link, shown once with a Copy button) or revoke it (its link is refused).
import { useRouter } from "next/navigation";
import { useState } from "react";
import { CopyButton } from "@/components/forms/copy-button";
import { fetchJson } from "@/lib/http/fetch-json";

export type PendingInvitationRow = {
  id: string;
  email: string;
  roles: string[];
  invitedByName: string | null;
  createdAt: string;
  expiresAt: string;
  expired: boolean;
};

const day = (iso: string) => iso.slice(0, 10);

export function PendingInvitations({ invitations }: { invitations: PendingInvitationRow[] }) {
  const router = useRouter();
  const [resent, setResent] = useState<{ email: string; link: string } | null>(null);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const resend = async (invitation: PendingInvitationRow) => {
    setBusy(invitation.id);
    const result = await fetchJson<{ invite_path: string; email: string }>(
      `/api/users/invitations/${invitation.id}/resend`,
      { method: "POST" },
    );
    setBusy(null);
    if (!result.ok) return setMessage({ text: result.message, failed: true });
    setMessage(null);
    setResent({ email: result.data.email, link: `${window.location.origin}${result.data.invite_path}` });
    router.refresh();
  };
  const revoke = async (invitation: PendingInvitationRow) => {
    setBusy(invitation.id);
    const result = await fetchJson(`/api/users/invitations/${invitation.id}`, { method: "DELETE" });
    setBusy(null);
    if (!result.ok) return setMessage({ text: result.message, failed: true });
    if (resent?.email === invitation.email) setResent(null);
    setMessage({ text: `Invitation of ${invitation.email} revoked: its link no longer works.`, failed: false });
    router.refresh();
  };

  return (
    <section className="panel" aria-labelledby="pending-invitations-title" data-testid="pending-invitations">
      <h2 id="pending-invitations-title">Pending invitations</h2>
      {message ? (
        <p className={message.failed ? "notice notice-error" : "notice"} role={message.failed ? "alert" : "status"}>
          {message.text}
        </p>
      ) : null}
      {resent ? (
        <div className="notice" role="status" data-testid="resent-invitation">
          <p>
            New link for {resent.email}, shown only now; it works once, for 7 days, and the earlier link no longer does:
          </p>
          <p className="issued-link">
            <code id="resent-invitation-link" data-testid="resent-invitation-link">
              {resent.link}
            </code>{" "}
            <CopyButton text={resent.link} targetId="resent-invitation-link" label="Copy link" />
          </p>
        </div>
      ) : null}
      {invitations.length === 0 ? (
        <p>No invitation is waiting to be accepted.</p>
      ) : (
        <table className="records-table pending-table">
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Roles</th>
              <th scope="col">Invited by</th>
              <th scope="col">Expires</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {invitations.map((invitation) => (
              <tr key={invitation.id} data-testid={`pending-${invitation.email}`}>
                <td data-label="Email">{invitation.email}</td>
                <td data-label="Roles">{invitation.roles.join(", ")}</td>
                <td data-label="Invited by">{invitation.invitedByName ?? "—"}</td>
                <td data-label="Expires">
                  {invitation.expired ? `Expired ${day(invitation.expiresAt)}` : day(invitation.expiresAt)}
                </td>
                <td>
                  <button
                    type="button"
                    className="btn"
                    disabled={busy === invitation.id}
                    onClick={() => resend(invitation)}
                    aria-label={`Resend the invitation of ${invitation.email}`}
                  >
                    Resend
                  </button>{" "}
                  <button
                    type="button"
                    className="btn"
                    disabled={busy === invitation.id}
                    onClick={() => revoke(invitation)}
                    aria-label={`Revoke the invitation of ${invitation.email}`}
                  >
                    Revoke
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
