// A reset link that is unknown, used or expired: 404, saying what to do.
import Link from "next/link";

export default function ResetLinkNotFound() {
  return (
    <div className="narrow" data-testid="not-found">
      <h1>Reset link not valid</h1>
      <p>This password reset link has been used or has expired. Ask an admin for a new one.</p>
      <p>
        <Link href="/sign-in">Sign in</Link>
      </p>
    </div>
  );
}
