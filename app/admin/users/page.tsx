// Users (admin): invite one or a list, set roles, disable and enable, issue password reset links.
import type { Metadata } from "next";
import { requirePageActor } from "@/lib/auth/page-guard";
import { listUserRows } from "@/lib/users/user-table";
import { UsersClient } from "./users-client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Users" };

export default async function UsersPage() {
  const actor = await requirePageActor({ returnTo: "/admin/users", action: "users.manage" });
  const users = await listUserRows({ actor });
  return (
    <>
      <h1>Users</h1>
      <UsersClient
        currentUserId={actor.userId}
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
