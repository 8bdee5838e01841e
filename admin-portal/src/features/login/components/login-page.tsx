export function LoginPage() {
  return (
    <main>
      <h1>Admin Login</h1>
    </main>
  );
}
