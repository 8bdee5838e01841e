export function ApplicantsPage() {
  return (
    <main>
      <h1>Applicants</h1>
    </main>
  );
}
