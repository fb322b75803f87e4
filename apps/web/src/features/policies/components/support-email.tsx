/** The support address from GET /api/config/ as a mail link; plain words until it has loaded. */
export function SupportEmail({ email }: { email: string | undefined }) {
  if (!email) return <>our support team</>;
  return <a href={`mailto:${email}`}>{email}</a>;
}
