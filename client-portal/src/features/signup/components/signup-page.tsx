export function SignupPage() {
  return (
    <main>
      <h1>Create Account</h1>
    </main>
  );
}
