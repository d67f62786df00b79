import type { ReactNode } from 'react';

/** One labelled value of the invoice detail and of the CFDI view. */
export function Datum({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className="mb-2">
      <div className="small text-body-secondary">{label}</div>
      <div className="fw-semibold text-break" data-testid={testId}>
        {children}
      </div>
    </div>
  );
}
