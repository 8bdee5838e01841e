export function StatusPage() {
  return (
    <main>
      <h1>Application Status</h1>
    </main>
  );
}
