/**
 * The product mark: a folio-like badge and the name. `compact` hides the name between the xl and xxl
 * breakpoints, where the application menu needs the room.
 */
export function Brand({ light = false, compact = false }: { light?: boolean; compact?: boolean }) {
  return (
    <span className="d-inline-flex align-items-center gap-2 fw-bold">
      <span
        aria-hidden="true"
        className="d-inline-flex align-items-center justify-content-center rounded-2 bg-primary text-white"
        style={{ width: 40, height: 32, fontSize: 11, letterSpacing: '0.04em' }}
      >
        CFDI
      </span>
      <span
        className={`${light ? 'text-white' : 'text-body'}${compact ? ' d-xl-none d-xxl-inline' : ''}`}
      >
        Facturación CFDI
      </span>
    </span>
  );
}
