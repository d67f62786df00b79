import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import Placeholder from 'react-bootstrap/Placeholder';
import { usePuede } from '#src/shared/session/permisos.ts';
import { useRemainingCredits } from '#src/shared/session/remaining-credits.ts';

const NUMBER = new Intl.NumberFormat('es-MX');

export function RemainingCreditsCard() {
  const credits = useRemainingCredits({ fresh: true });
  // Whoever may not buy (a facturista, a reader, an administrator the owner keeps from buying) is
  // not offered the purchase.
  const canBuy = usePuede('comprar');
  return (
    <Card className="shadow-sm h-100" as="section" aria-labelledby="credits-title">
      <Card.Body>
        <Card.Title
          as="h2"
          id="credits-title"
          className="h6 text-body-secondary text-uppercase fw-semibold"
        >
          Créditos disponibles
        </Card.Title>
        {credits.isPending ? (
          <Placeholder as="p" animation="glow">
            <Placeholder xs={4} size="lg" />
          </Placeholder>
        ) : (
          <p className="display-5 fw-bold mb-1" data-testid="remaining-credits">
            {credits.data === undefined ? '—' : NUMBER.format(credits.data)}
          </p>
        )}
        <p className="small text-body-secondary">
          Cada factura, factura global o complemento de pago timbrado consume un crédito.
        </p>
        <div className="d-flex flex-wrap gap-2">
          {canBuy && (
            <Link
              className={`btn btn-sm ${credits.data === 0 ? 'btn-warning' : 'btn-primary'}`}
              to="/comprar-creditos"
            >
              Comprar créditos
            </Link>
          )}
          <Link className="btn btn-sm btn-outline-secondary" to="/historial-de-gastos-de-creditos">
            Ver mis gastos
          </Link>
        </div>
      </Card.Body>
    </Card>
  );
}
