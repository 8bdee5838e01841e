export function PaymentPage() {
  return (
    <main>
      <h1>Payment</h1>
    </main>
  );
}
