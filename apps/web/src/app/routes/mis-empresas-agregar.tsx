import { Link, useNavigate } from 'react-router';
import { AgregarEmpresaForm } from '#src/features/empresas/components/agregar-empresa-form.tsx';

/** /mis-empresas/agregar: another RFC for this login, then its initial configuration wizard. */
export default function AgregarEmpresaScreen() {
  const navigate = useNavigate();
  return (
    <div style={{ maxWidth: '40rem' }}>
      <Link to="/mis-empresas" className="small">
        ← Mis empresas
      </Link>
      <h1 className="h3 fw-bold mt-2 mb-1">Agregar empresa</h1>
      <p className="text-body-secondary mb-4">
        Facture con otro RFC desde esta misma cuenta. Enseguida configurará sus datos fiscales,
        sellos, series, impuestos, su primer cliente y su primer producto, como con su primera
        empresa.
      </p>
      <AgregarEmpresaForm
        onCreated={(token) => void navigate(`/configuracion-inicial/${encodeURIComponent(token)}`)}
      />
    </div>
  );
}
