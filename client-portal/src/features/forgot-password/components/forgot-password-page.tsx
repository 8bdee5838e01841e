export function ForgotPasswordPage() {
  return (
    <main>
      <h1>Forgot Password</h1>
    </main>
  );
}
