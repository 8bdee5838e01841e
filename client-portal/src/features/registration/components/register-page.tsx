export function RegisterPage() {
  return (
    <main>
      <h1>Registration Form</h1>
    </main>
  );
}
