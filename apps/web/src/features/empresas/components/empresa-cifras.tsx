import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { Link, useNavigate } from 'react-router';
import type { EmpresaResumen } from '@repo/contracts/empresas';
import { ROL_ETIQUETA, puede } from '@repo/contracts/roles';
import { notify } from '#src/shared/feedback/feedback-store.ts';
import { inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import { continuarConfiguracion } from '../api/empresas-api.ts';
import { enlaceDeEmpresa } from '../model/enlace-empresa.ts';

const NUMERO = new Intl.NumberFormat('es-MX');

export function nombreDeEmpresa(e: EmpresaResumen): string {
  return e.nombre_comercial.trim() || e.razon_social.trim() || e.rfc;
}

function fechaCorta(iso: string): string {
  const [a, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${a}`;
}

/** The enterprise's name, RFC and the user's role in it; "Activa" on the one in use. */
export function EmpresaNombre(props: { empresa: EmpresaResumen; activa: boolean }) {
  const e = props.empresa;
  return (
    <>
      <span className="fw-semibold d-block text-break">
        {nombreDeEmpresa(e)}
        {props.activa && (
          <Badge bg="primary" className="ms-2 fw-normal">
            Activa
          </Badge>
        )}
      </span>
      <span className="small text-body-secondary">
        {e.rfc} · {ROL_ETIQUETA[e.rol]}
      </span>
    </>
  );
}

/** A figure that opens its screen in that enterprise (switching to it), highlighted when due. */
export function Cifra(props: {
  valor: number;
  empresa: EmpresaResumen;
  to: string;
  alerta?: boolean;
  label: string;
}) {
  const texto = NUMERO.format(props.valor);
  return (
    <Link
      to={enlaceDeEmpresa(props.empresa.id, props.to)}
      aria-label={`${props.label} de ${nombreDeEmpresa(props.empresa)}: ${texto}`}
      className={
        props.alerta && props.valor > 0
          ? 'badge text-bg-warning fs-6 text-decoration-none'
          : 'text-decoration-none'
      }
    >
      {texto}
    </Link>
  );
}

/** The current seal's expiry: red when it has expired or expires within 30 days. */
export function Sello(props: { empresa: EmpresaResumen }) {
  const e = props.empresa;
  if (!e.sello_vence) return <span className="text-body-secondary small">Sin sellos</span>;
  const texto = `${e.sello_vencido ? 'Venció' : 'Vence'} el ${fechaCorta(e.sello_vence)}`;
  if (!e.sello_por_vencer) return <span className="small">{texto}</span>;
  return puede(e.rol, 'configurar') ? (
    <Link
      to={enlaceDeEmpresa(e.id, '/configuraciones/sellos-certificados-digitales')}
      className="badge text-bg-danger fw-normal text-wrap text-decoration-none"
    >
      {texto}
    </Link>
  ) : (
    <Badge bg="danger" className="fw-normal text-wrap">
      {texto}
    </Badge>
  );
}

/** "Entrar" into a set-up enterprise, or take its unfinished initial configuration up again. */
export function EntrarEmpresa(props: { empresa: EmpresaResumen; activa: boolean }) {
  const navigate = useNavigate();
  const e = props.empresa;
  if (!e.configurada) {
    const continuar = async () => {
      try {
        const { new_client_token } = await continuarConfiguracion(e.id);
        void navigate(`/configuracion-inicial/${encodeURIComponent(new_client_token)}`);
      } catch (error) {
        notify('error', inlineErrorOf(error) ?? 'No fue posible abrir la configuración inicial.');
      }
    };
    return (
      <Button size="sm" variant="outline-primary" onClick={() => void continuar()}>
        Continuar configuración
      </Button>
    );
  }
  return (
    <Link
      to={props.activa ? '/' : enlaceDeEmpresa(e.id, '/')}
      className="btn btn-sm btn-primary text-nowrap"
      aria-label={`Entrar a ${nombreDeEmpresa(e)}`}
    >
      Entrar
    </Link>
  );
}
