/**
 * The SAT cancellation state machine as the sandbox plays it (rules §9): signed requests, the
 * receiver's acceptance or rejection, the 3-business-day deadline, and the status query
 * (ConsultaCFDIService), all on the sandbox's injectable clock.
 */
import { sign } from 'node:crypto';
import { clasificarAceptacion, plazoDeCancelacion } from '@repo/cfdi/cancelacion';
import { Decimal } from '@repo/cfdi/decimal';
import { readCertificado } from '@repo/cfdi/csd';
import { fechaLocal, parseComprobanteXml } from '@repo/cfdi/xml';
import { verificarSolicitudCancelacion } from '../cancelacion-xml.ts';
import { mensajePac } from '../errors.ts';
import type {
  ConsultarEstadoInput,
  EsCancelable,
  EstadoCfdi,
  MotivoCancelacion,
  ResultadoCancelacion,
} from '../pac.ts';
import type { CertificadoSandbox } from './certificado-sandbox.ts';
import type { SandboxPacOptions } from './opciones.ts';
import { rechazo } from './respuestas.ts';
import type { SandboxStore, TimbreGuardado } from './store.ts';
import { finDeDiasHabiles, ZONA_CENTRO } from './tiempo.ts';

export const UUID_RE = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/i;

interface FolioSolicitado {
  uuid: string;
  motivo: MotivoCancelacion;
  folioSustitucion?: string;
  rfcEmisor: string;
}

/** The one folio of a verified request, checked (301, 205, 207, 203) before any look-up. */
function leerSolicitud(xml: string): FolioSolicitado {
  const verificada = verificarSolicitudCancelacion(xml);
  if (!verificada) throw rechazo('301', 'La firma de la solicitud de cancelación no es válida.');
  const folio = verificada.folios[0];
  if (!folio || verificada.folios.length !== 1)
    throw rechazo('301', 'La solicitud debe traer exactamente un folio.');
  const input = { ...folio, rfcEmisor: verificada.rfcEmisor };
  if (!UUID_RE.test(input.uuid)) throw rechazo('205', `UUID con formato inválido: ${input.uuid}`);
  if (!['01', '02', '03', '04'].includes(input.motivo)) throw rechazo('207');
  if (input.motivo === '01' && !(input.folioSustitucion && UUID_RE.test(input.folioSustitucion)))
    throw rechazo('207', 'El motivo 01 requiere el UUID del comprobante que sustituye.');
  if (input.motivo !== '01' && input.folioSustitucion)
    throw rechazo('207', 'El folio de sustitución sólo se admite con el motivo 01.');
  const certRfc = readCertificado(verificada.certificado.raw).rfc;
  if (certRfc !== input.rfcEmisor.toUpperCase())
    throw rechazo('203', `El certificado es de ${certRfc || 'otro RFC'}.`);
  return input;
}

export class CancelacionSandbox {
  constructor(
    private readonly store: SandboxStore,
    private readonly clock: () => Date,
    private readonly opts: SandboxPacOptions,
    private readonly feriados: ReadonlySet<string>,
    private readonly certSandbox: () => CertificadoSandbox,
  ) {}

  /**
   * Processes a signed cancellation request (cancelacion-xml.ts), as the SAT receives it through a
   * PAC: the signature must verify and the certificate must be the emisor's (else 203).
   */
  async cancelarSolicitudFirmada(xml: string): Promise<ResultadoCancelacion> {
    const ahora = this.clock();
    const input = leerSolicitud(xml);
    const uuid = input.uuid.toUpperCase();
    const found = await this.store.porUuid(uuid);
    if (!found) throw rechazo('205');
    const propagacion = this.opts.retrasoPropagacionMs ?? 0;
    if (ahora.getTime() < new Date(found.instanteTimbrado).getTime() + propagacion)
      throw rechazo('205', 'El SAT aún no conoce el UUID; reintente más tarde.');
    const t = await this.alDia(found, ahora);
    if (t.rfcEmisor !== input.rfcEmisor.toUpperCase()) throw rechazo('203');
    if (input.motivo === '01') await this.exigirSustituto(t, input.folioSustitucion ?? '');
    const fecha = fechaLocal(ahora, ZONA_CENTRO);
    if (t.estado === 'Cancelado' || t.estatusCancelacion === 'En proceso')
      return this.resultado('202', uuid, this.acuse(uuid, t.rfcEmisor, fecha, '202'), t, ahora);
    if (t.solicitudes.length >= 5)
      throw rechazo('799', 'Excedieron el límite de las 5 peticiones.');
    if (ahora > this.plazoLegal(t)) throw rechazo('208');
    const esCancelable = await this.clasificar(t, ahora);
    if (esCancelable === 'No cancelable') throw rechazo('no_cancelable');

    const acuse = this.acuse(uuid, t.rfcEmisor, fecha, '201');
    const s: TimbreGuardado['solicitudes'][number] = {
      fecha: ahora.toISOString(),
      motivo: input.motivo,
      ...(input.folioSustitucion ? { folioSustitucion: input.folioSustitucion.toUpperCase() } : {}),
      esCancelable,
      acuse,
    };
    t.solicitudes.push(s);
    if (esCancelable === 'Cancelable sin aceptación') {
      t.estado = 'Cancelado';
      t.estatusCancelacion = 'Cancelado sin aceptación';
      s.respuesta = 'Sin aceptacion';
      s.fechaRespuesta = s.fecha;
    } else {
      s.plazo = finDeDiasHabiles(ahora, 3, this.feriados).toISOString();
      t.estatusCancelacion = 'En proceso';
      const r = this.opts.respuestaReceptor?.(t.rfcReceptor) ?? 'silencio';
      if (r !== 'silencio')
        this.aplicarRespuesta(t, r === 'aceptar' ? 'Aceptacion' : 'Rechazo', ahora);
    }
    await this.store.actualizar(t);
    return this.resultado('201', uuid, acuse, t, ahora);
  }

  /**
   * Motivo 01 as a real PAC enforces it (cfdi40-rules.md 9.1): the FolioSustitucion is a CFDI the
   * SAT knows, in force, of the same emisor, that relates the one cancelled with TipoRelacion 04.
   */
  private async exigirSustituto(t: TimbreGuardado, folio: string): Promise<void> {
    const sustituto = await this.store.porUuid(folio.toUpperCase());
    if (!sustituto)
      throw rechazo('207', 'El folio de sustitución no corresponde a un CFDI timbrado.');
    if (sustituto.estado !== 'Vigente')
      throw rechazo('207', 'El CFDI que sustituye está cancelado.');
    if (sustituto.rfcEmisor !== t.rfcEmisor)
      throw rechazo('207', 'El CFDI que sustituye es de otro emisor.');
    const relaciona = (parseComprobanteXml(sustituto.xml).CfdiRelacionados ?? []).some(
      (r) =>
        r.TipoRelacion === '04' && r.CfdiRelacionado.some((x) => x.UUID.toUpperCase() === t.uuid),
    );
    if (!relaciona)
      throw rechazo(
        '207',
        'El CFDI que sustituye no relaciona al cancelado con el tipo de relación 04.',
      );
  }

  private async resultado(
    codigo: '201' | '202',
    uuid: string,
    acuse: string,
    t: TimbreGuardado,
    ahora: Date,
  ): Promise<ResultadoCancelacion> {
    return {
      codigo,
      mensaje: mensajePac(codigo),
      incidencias: [],
      raw: acuse,
      uuid,
      codigoEstatus: codigo,
      acuse,
      estado: await this.estadoDe(t, ahora),
    };
  }

  /**
   * Plays the receiver: accepts or rejects a pending cancellation (Finkok codes 1000–1005).
   * Answers '1000' or throws PacRechazoError with 1001/1002/1003/1005.
   */
  async responderComoReceptor(input: {
    uuid: string;
    rfcReceptor: string;
    respuesta: 'Aceptacion' | 'Rechazo';
  }): Promise<{ codigo: '1000'; mensaje: string; estado: EstadoCfdi }> {
    const ahora = this.clock();
    if (!UUID_RE.test(input.uuid)) throw rechazo('1005');
    const found = await this.store.porUuid(input.uuid);
    if (!found) throw rechazo('1001');
    const t = await this.alDia(found, ahora);
    if (t.rfcReceptor !== input.rfcReceptor.toUpperCase()) throw rechazo('1003');
    if (t.estatusCancelacion !== 'En proceso')
      throw rechazo(t.solicitudes.length ? '1002' : '1001');
    this.aplicarRespuesta(t, input.respuesta, ahora);
    await this.store.actualizar(t);
    return { codigo: '1000', mensaje: mensajePac('1000'), estado: await this.estadoDe(t, ahora) };
  }

  async consultarEstado(input: ConsultarEstadoInput): Promise<EstadoCfdi> {
    const ahora = this.clock();
    const found = UUID_RE.test(input.uuid) ? await this.store.porUuid(input.uuid) : undefined;
    let total: Decimal | undefined;
    try {
      total = new Decimal(input.total);
    } catch {
      total = undefined;
    }
    if (
      !found ||
      !total ||
      found.rfcEmisor !== input.rfcEmisor.toUpperCase() ||
      found.rfcReceptor !== input.rfcReceptor.toUpperCase() ||
      !total.eq(found.total) ||
      (input.sello8 !== undefined && !found.selloCFD.endsWith(input.sello8))
    ) {
      const r = {
        CodigoEstatus: 'N - 602: Comprobante no encontrado.',
        Estado: 'No Encontrado',
        EsCancelable: '',
        EstatusCancelacion: '',
      };
      return {
        codigo: 'N',
        mensaje: r.CodigoEstatus,
        incidencias: [],
        raw: JSON.stringify(r),
        codigoEstatus: r.CodigoEstatus,
        estado: 'No Encontrado',
        esCancelable: '',
        estatusCancelacion: '',
      };
    }
    return this.estadoDe(await this.alDia(found, ahora), ahora);
  }

  private async clasificar(t: TimbreGuardado, ahora: Date): Promise<EsCancelable> {
    const relacionados = await this.store.relacionadosCon(t.uuid);
    if (relacionados.some((r) => r.estado === 'Vigente')) return 'No cancelable';
    // Regla 2.7.1.35 RMF, the engine's one implementation (also the API's and the dialog's).
    return clasificarAceptacion(
      {
        tipoDeComprobante: t.tipoDeComprobante,
        rfcReceptor: t.rfcReceptor,
        total: t.total,
        moneda: t.moneda,
        tipoCambio: t.tipoCambio,
        instanteTimbrado: new Date(t.instanteTimbrado),
      },
      ahora,
      this.feriados,
    ).esCancelable;
  }

  /** Applies the passage of time: a request with no answer past its deadline is 'Plazo vencido'. */
  private async alDia(t: TimbreGuardado, ahora: Date): Promise<TimbreGuardado> {
    const s = t.solicitudes.at(-1);
    if (t.estatusCancelacion === 'En proceso' && s?.plazo && ahora >= new Date(s.plazo)) {
      t.estado = 'Cancelado';
      t.estatusCancelacion = 'Plazo vencido';
      s.respuesta = 'Plazo vencido';
      s.fechaRespuesta = s.plazo;
      await this.store.actualizar(t);
    }
    return t;
  }

  private plazoLegal(t: TimbreGuardado): Date {
    return plazoDeCancelacion(t.fechaTimbrado, t.rfcEmisor, this.opts.plazoCancelacion);
  }

  private acuse(uuid: string, rfcEmisor: string, fecha: string, codigo: string): string {
    const cuerpo = `<Acuse xmlns="http://cancelacfd.sat.gob.mx" Fecha="${fecha}" RfcEmisor="${rfcEmisor}"><Folios><UUID>${uuid}</UUID><EstatusUUID>${codigo}</EstatusUUID></Folios>`;
    const firma = sign('sha256', Buffer.from(cuerpo, 'utf8'), this.certSandbox().llave).toString(
      'base64',
    );
    return `${cuerpo}<SelloSAT NoCertificadoSAT="${this.certSandbox().noCertificado}">${firma}</SelloSAT></Acuse>`;
  }

  private aplicarRespuesta(t: TimbreGuardado, r: 'Aceptacion' | 'Rechazo', ahora: Date): void {
    const s = t.solicitudes.at(-1)!;
    s.respuesta = r;
    s.fechaRespuesta = ahora.toISOString();
    if (r === 'Aceptacion') {
      t.estado = 'Cancelado';
      t.estatusCancelacion = 'Cancelado con aceptación';
    } else {
      t.estatusCancelacion = 'Solicitud rechazada';
    }
  }

  private async estadoDe(t: TimbreGuardado, ahora: Date): Promise<EstadoCfdi> {
    const esCancelable = t.estado === 'Cancelado' ? '' : await this.clasificar(t, ahora);
    const r = {
      CodigoEstatus: 'S - Comprobante obtenido satisfactoriamente.',
      Estado: t.estado,
      EsCancelable: esCancelable,
      EstatusCancelacion: t.estatusCancelacion,
    };
    return {
      codigo: 'S',
      mensaje: r.CodigoEstatus,
      incidencias: [],
      raw: JSON.stringify(r),
      codigoEstatus: r.CodigoEstatus,
      estado: t.estado,
      esCancelable,
      estatusCancelacion: t.estatusCancelacion,
    };
  }
}
