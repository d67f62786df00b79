const GROUPED = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: true,
});

/**
 * Money as the spec shows it: `$ 1,234.56`, zero as `$ 0.00`, negatives as `-$ 1,234.56`.
 * Accepts the API's decimal strings as well as numbers; anything unreadable shows as `$ 0.00`.
 */
export function formatCurrency(value: number | string | null | undefined): string {
  const amount = typeof value === 'string' ? Number(value.replace(/[$,\s]/g, '')) : (value ?? 0);
  if (!Number.isFinite(amount) || amount === 0) return '$ 0.00';
  const text = GROUPED.format(Math.abs(amount));
  if (text === '0.00') return '$ 0.00';
  return amount < 0 ? `-$ ${text}` : `$ ${text}`;
}
