export function ResetPasswordPage() {
  return (
    <main>
      <h1>Reset Password</h1>
    </main>
  );
}
