/** The product mark: a folio-like badge and the name. */
export function Brand({ light = false }: { light?: boolean }) {
  return (
    <span className="d-inline-flex align-items-center gap-2 fw-bold">
      <span
        aria-hidden="true"
        className="d-inline-flex align-items-center justify-content-center rounded-2 bg-primary text-white"
        style={{ width: 40, height: 32, fontSize: 11, letterSpacing: '0.04em' }}
      >
        CFDI
      </span>
      <span className={light ? 'text-white' : 'text-body'}>Facturación CFDI</span>
    </span>
  );
}
