export function LoginPage() {
  return (
    <main>
      <h1>Sign In</h1>
    </main>
  );
}
