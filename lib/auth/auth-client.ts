// better-auth's browser client (same origin): sign in and sign out.
import { createAuthClient } from "better-auth/react";

export const authClient = createAuthClient();
