import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { usePermisos } from '#src/shared/session/permisos.ts';
import { capacidadDePantalla } from '../route-capacidad.ts';

const SECTIONS = [
  {
    to: '/configuraciones/mis-datos-fiscales',
    name: 'configs.datosFiscales',
    title: 'Mis datos fiscales',
    text: 'Razón social, régimen fiscal, domicilio fiscal y logotipo que aparecen en sus facturas.',
  },
  {
    to: '/configuraciones/sellos-certificados-digitales',
    name: 'configs.sellos',
    title: 'Sellos y certificados digitales',
    text: 'Su Certificado de Sello Digital (CSD): el archivo .cer, la llave .key y su contraseña.',
  },
  {
    to: '/configuraciones/series-folios',
    name: 'configs.series',
    title: 'Series y folios',
    text: 'Series de facturas de ingreso, facturas globales y recepción de pagos.',
  },
  {
    to: '/configuraciones/grupos-de-impuestos',
    name: 'configs.gruposDeImpuestos',
    title: 'Grupos de impuestos',
    text: 'Los impuestos trasladados, retenidos y locales que aplica a sus productos y servicios.',
  },
  {
    to: '/configuraciones/usuarios',
    name: 'configs.usuarios',
    title: 'Usuarios',
    text: 'Invite por correo a quienes facturan o revisan con usted y elija qué puede hacer cada uno.',
  },
  {
    to: '/configuraciones/bitacora',
    name: 'configs.bitacora',
    title: 'Bitácora',
    text: 'Quién timbró, canceló, envió o cambió qué en su empresa, cuándo y desde dónde.',
  },
  {
    to: '/configuraciones/webhooks',
    name: 'configs.webhooks',
    title: 'Webhooks',
    text: 'Avisos firmados a su tienda en línea, punto de venta o ERP cuando timbra, cancela o recibe un pago.',
  },
  {
    to: '/configuraciones/claves-api',
    name: 'configs.clavesApi',
    title: 'Claves de API',
    text: 'Claves de pruebas o de producción para que sus sistemas timbren y consulten sin iniciar sesión.',
  },
] as const;

export default function ConfiguracionesScreen() {
  // Only the sections the role may open (API keys need `claves`, the log `bitacora`…).
  const permite = usePermisos();
  const secciones = SECTIONS.filter((s) => permite(capacidadDePantalla(s.name)));
  return (
    <>
      <h1 className="h3 fw-bold mb-1">Configuraciones</h1>
      <p className="text-body-secondary mb-4">Los datos de su empresa para facturar.</p>
      <Row xs={1} md={2} className="g-3">
        {secciones.map((s) => (
          <Col key={s.to}>
            <Card className="shadow-sm h-100">
              <Card.Body className="p-4">
                <h2 className="h5 fw-bold">
                  <Link to={s.to} className="stretched-link text-decoration-none">
                    {s.title}
                  </Link>
                </h2>
                <p className="text-body-secondary mb-0">{s.text}</p>
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
    </>
  );
}
