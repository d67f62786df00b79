import { Link } from 'react-router';
import { MisEmpresas } from '#src/features/empresas/components/mis-empresas.tsx';

/** /mis-empresas: the overview across the user's enterprises, and "Agregar empresa". */
export default function MisEmpresasScreen() {
  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-3 mb-4">
        <div>
          <h1 className="h3 fw-bold mb-1">Mis empresas</h1>
          <p className="text-body-secondary mb-0">
            Lo pendiente de cada empresa en la que usted trabaja.
          </p>
        </div>
        <Link to="/mis-empresas/agregar" className="btn btn-outline-primary">
          Agregar empresa
        </Link>
      </div>
      <MisEmpresas />
    </>
  );
}
