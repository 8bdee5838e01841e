export function ForgotPasswordVerifyPage() {
  return (
    <main>
      <h1>Verify OTP</h1>
    </main>
  );
}
