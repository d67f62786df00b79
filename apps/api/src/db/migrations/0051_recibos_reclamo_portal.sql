-- The self-invoicing portal's claim on a receipt (issue 28): set in its own transaction before the
-- customer's invoice is stamped, so two customers invoicing one ticket at once, or a customer and
-- the period's global invoice, never both take it. Cleared when the stamp fails or the receipt is
-- marked invoiced; a claim older than 10 minutes (a process that died mid-stamp) may be taken over,
-- and the takeover stamps with the same idempotency key, so it never stamps a second invoice.
alter table recibos add column portal_reclamo_at timestamptz;
