// Users (admin): invite one or a list, pending invitations (resend, revoke), set roles, disable and enable, issue password reset links.
import type { Metadata } from "next";
import { requirePageActor } from "@/lib/auth/page-guard";
import { listPendingInvitations } from "@/lib/users/pending-invitations";
import { listUserRows } from "@/lib/users/user-table";
import { UsersClient } from "./users-client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Users" };

export default async function UsersPage({ searchParams }: { searchParams: Promise<{ q?: string | string[] }> }) {
  const actor = await requirePageActor({ returnTo: "/admin/users", action: "users.manage" });
  const [users, invitations, { q }] = await Promise.all([
    listUserRows({ actor }),
    listPendingInvitations({ actor }),
    searchParams,
  ]);
  return (
    <>
      <h1>Users</h1>
      <UsersClient
        currentUserId={actor.userId}
        // ?q= fills the search box: the audit log links a user here by display name.
        initialSearch={typeof q === "string" ? q.slice(0, 200) : ""}
        invitations={invitations.map((invitation) => ({
          ...invitation,
          createdAt: invitation.createdAt.toISOString(),
          expiresAt: invitation.expiresAt.toISOString(),
        }))}
        users={users.map((user) => ({
          ...user,
          disabledAt: user.disabledAt?.toISOString() ?? null,
          createdAt: user.createdAt.toISOString(),
          lastActiveAt: user.lastActiveAt?.toISOString() ?? null,
        }))}
      />
    </>
  );
}
