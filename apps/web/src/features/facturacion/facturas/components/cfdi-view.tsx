import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import type { CfdiDatos } from '@repo/contracts/facturas';
import { claveConDescripcion, useCatalogo } from '#src/shared/comprobantes/api/get-catalogo.ts';
import {
  formatFechaCfdi,
  formatImporteXml,
  serieFolio,
} from '#src/shared/comprobantes/format-cfdi.ts';
import { CfdiConceptosCard, CfdiTotalesCard } from './cfdi-conceptos-totales.tsx';
import { Datum } from './datum.tsx';

const EXPORTACION: Record<string, string> = {
  '01': '01 - No aplica',
  '02': '02 - Definitiva con clave A1',
  '03': '03 - Temporal',
  '04': '04 - Definitiva con clave distinta a A1',
};

/** The CFDI's "Comprobante": serie y folio, dates, payment, currency and related CFDIs. */
function CfdiComprobanteCard({ cfdi: c }: { cfdi: CfdiDatos }) {
  const formas = useCatalogo('formas-pagos').data;
  const metodos = useCatalogo('metodos-pago').data;
  return (
    <Card className="shadow-sm">
      <Card.Header as="h2" className="h6 fw-bold bg-body">
        Comprobante
      </Card.Header>
      <Card.Body>
        <Row>
          <Col sm={6} lg={3}>
            <Datum label="Serie y folio" testId="cfdi-serie-folio">
              {serieFolio(c.serie, c.folio)}
            </Datum>
            <Datum label="Fecha de emisión">{formatFechaCfdi(c.fecha)}</Datum>
          </Col>
          <Col sm={6} lg={3}>
            <Datum label="Tipo de comprobante">I - Ingreso (CFDI {c.version})</Datum>
            <Datum label="Lugar de expedición">{c.lugar_expedicion}</Datum>
          </Col>
          <Col sm={6} lg={3}>
            <Datum label="Forma de pago">
              {c.forma_pago ? claveConDescripcion(formas, c.forma_pago) : 'No aplica'}
            </Datum>
            <Datum label="Método de pago">
              {c.metodo_pago ? claveConDescripcion(metodos, c.metodo_pago) : 'No aplica'}
            </Datum>
          </Col>
          <Col sm={6} lg={3}>
            <Datum label="Moneda">
              {c.moneda}
              {c.tipo_cambio && ` (tipo de cambio ${c.tipo_cambio})`}
            </Datum>
            <Datum label="Exportación">{EXPORTACION[c.exportacion] ?? c.exportacion}</Datum>
          </Col>
          {c.condiciones_pago && (
            <Col sm={6} lg={3}>
              <Datum label="Condiciones de pago">{c.condiciones_pago}</Datum>
            </Col>
          )}
          {c.no_certificado && (
            <Col sm={6} lg={3}>
              <Datum label="No. de certificado del emisor">{c.no_certificado}</Datum>
            </Col>
          )}
          {c.informacion_global && (
            <Col sm={6} lg={3}>
              <Datum label="Información global">
                Periodicidad {c.informacion_global.periodicidad} · Mes {c.informacion_global.meses}{' '}
                · Año {c.informacion_global.anio}
              </Datum>
            </Col>
          )}
        </Row>
        {c.cfdi_relacionados.map((rel) => (
          <Datum
            key={rel.tipo_relacion}
            label={`CFDI relacionados (tipo de relación ${rel.tipo_relacion})`}
          >
            {rel.uuids.join(', ')}
          </Datum>
        ))}
      </Card.Body>
    </Card>
  );
}

/** The CFDI's "Emisor" and "Receptor" cards, side by side. */
function CfdiPartes({ cfdi: c }: { cfdi: CfdiDatos }) {
  const regimenes = useCatalogo('regimenes-fiscales').data;
  const usos = useCatalogo('usos-cfdis').data;
  return (
    <Row className="g-4">
      <Col md={6}>
        <Card className="shadow-sm h-100">
          <Card.Header as="h2" className="h6 fw-bold bg-body">
            Emisor
          </Card.Header>
          <Card.Body>
            <Datum label="RFC" testId="cfdi-emisor-rfc">
              {c.emisor.rfc}
            </Datum>
            <Datum label="Nombre o razón social">{c.emisor.nombre}</Datum>
            <Datum label="Régimen fiscal">
              {claveConDescripcion(regimenes, c.emisor.regimen_fiscal)}
            </Datum>
          </Card.Body>
        </Card>
      </Col>
      <Col md={6}>
        <Card className="shadow-sm h-100">
          <Card.Header as="h2" className="h6 fw-bold bg-body">
            Receptor
          </Card.Header>
          <Card.Body>
            <Datum label="RFC" testId="cfdi-receptor-rfc">
              {c.receptor.rfc}
            </Datum>
            <Datum label="Nombre o razón social">{c.receptor.nombre}</Datum>
            <Row>
              <Col sm={6}>
                <Datum label="Domicilio fiscal (código postal)">
                  {c.receptor.domicilio_fiscal}
                </Datum>
              </Col>
              <Col sm={6}>
                <Datum label="Uso del CFDI">{claveConDescripcion(usos, c.receptor.uso_cfdi)}</Datum>
              </Col>
            </Row>
            <Datum label="Régimen fiscal">
              {claveConDescripcion(regimenes, c.receptor.regimen_fiscal)}
            </Datum>
            {c.receptor.residencia_fiscal && (
              <Datum label="Residencia fiscal">{c.receptor.residencia_fiscal}</Datum>
            )}
          </Card.Body>
        </Card>
      </Col>
    </Row>
  );
}

/** The CFDI's "Timbre fiscal digital": UUID, stamping date, certificates and seals. */
function CfdiTimbreCard(props: {
  timbre: NonNullable<CfdiDatos['timbre']>;
  noCertificado: CfdiDatos['no_certificado'];
}) {
  const { timbre } = props;
  return (
    <Card className="shadow-sm">
      <Card.Header as="h2" className="h6 fw-bold bg-body">
        Timbre fiscal digital
      </Card.Header>
      <Card.Body>
        <Datum label="Folio fiscal (UUID)" testId="cfdi-uuid">
          {timbre.uuid}
        </Datum>
        <Row>
          <Col sm={6}>
            <Datum label="Fecha de timbrado">{formatFechaCfdi(timbre.fecha_timbrado)}</Datum>
            <Datum label="RFC del proveedor de certificación">{timbre.rfc_prov_certif}</Datum>
          </Col>
          <Col sm={6}>
            <Datum label="No. de certificado del SAT">{timbre.no_certificado_sat}</Datum>
            {props.noCertificado && (
              <Datum label="No. de certificado del emisor">{props.noCertificado}</Datum>
            )}
          </Col>
        </Row>
        <Datum label="Sello digital del CFDI">
          <span className="font-monospace small fw-normal">{timbre.sello_cfd}</span>
        </Datum>
        <Datum label="Sello digital del SAT">
          <span className="font-monospace small fw-normal">{timbre.sello_sat}</span>
        </Datum>
      </Card.Body>
    </Card>
  );
}

/** Every datum of a CFDI 4.0 as its XML holds it: the numbers on screen are the XML's own text. */
export function CfdiView({ cfdi }: { cfdi: CfdiDatos }) {
  const c = cfdi;
  const timbre = c.timbre;
  const moneda = c.moneda === 'MXN' ? '' : ` ${c.moneda}`;
  const money = (value: string | null) => `${formatImporteXml(value)}${moneda}`;

  return (
    <div className="d-flex flex-column gap-4">
      <CfdiComprobanteCard cfdi={c} />
      <CfdiPartes cfdi={c} />
      <CfdiConceptosCard conceptos={c.conceptos} money={money} />
      <Row className="g-4">
        <Col lg={7}>
          {timbre && <CfdiTimbreCard timbre={timbre} noCertificado={c.no_certificado} />}
        </Col>
        <Col lg={5}>
          <CfdiTotalesCard cfdi={c} money={money} />
        </Col>
      </Row>
    </div>
  );
}
