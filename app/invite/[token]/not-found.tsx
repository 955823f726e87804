// An invitation link that is unknown, used or expired: 404, saying what to do.
export default function InvitationNotFound() {
  return (
    <div className="narrow" data-testid="not-found">
      <h1>Invitation not valid</h1>
      <p>This invitation link has been used or has expired. Ask an admin for a new one.</p>
    </div>
  );
}
