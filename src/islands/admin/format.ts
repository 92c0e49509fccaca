// Display helpers of the back-office (money is formatted as the storefront does: booking/money.ts).

export const formatWhen = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
