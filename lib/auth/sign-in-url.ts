// Where to sign in and then come back to `returnTo` (a same-site path): used by
// page guards and by pages that must send a rater whose session ended back to
// where they were.
export function signInUrl(returnTo: string): string {
  return `/sign-in?next=${encodeURIComponent(returnTo)}`;
}
