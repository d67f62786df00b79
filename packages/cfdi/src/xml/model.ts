/**
 * The CFDI 4.0 model, named exactly as the SAT XSD (cfdv40.xsd, Pagos20.xsd, implocal.xsd,
 * TimbreFiscalDigitalv11.xsd). Every attribute is the text that will be written and signed.
 * Optional attributes are absent, never empty.
 */
import type { Impuesto, ObjetoImp, TipoDeComprobante, TipoFactor } from '../catalogos.ts';

export interface Comprobante {
  Version: '4.0';
  Serie?: string;
  Folio?: string;
  Fecha: string;
  Sello?: string;
  FormaPago?: string;
  NoCertificado?: string;
  Certificado?: string;
  CondicionesDePago?: string;
  SubTotal: string;
  Descuento?: string;
  Moneda: string;
  TipoCambio?: string;
  Total: string;
  TipoDeComprobante: TipoDeComprobante;
  Exportacion: string;
  MetodoPago?: string;
  LugarExpedicion: string;
  Confirmacion?: string;
  InformacionGlobal?: InformacionGlobal;
  CfdiRelacionados?: CfdiRelacionados[];
  Emisor: Emisor;
  Receptor: Receptor;
  Conceptos: Concepto[];
  Impuestos?: Impuestos;
  Complemento?: Complemento;
}

export interface InformacionGlobal {
  Periodicidad: string;
  Meses: string;
  Año: string;
}

export interface CfdiRelacionados {
  TipoRelacion: string;
  CfdiRelacionado: { UUID: string }[];
}

export interface Emisor {
  Rfc: string;
  Nombre: string;
  RegimenFiscal: string;
  FacAtrAdquirente?: string;
}

export interface Receptor {
  Rfc: string;
  Nombre: string;
  DomicilioFiscalReceptor: string;
  ResidenciaFiscal?: string;
  NumRegIdTrib?: string;
  RegimenFiscalReceptor: string;
  UsoCFDI: string;
}

export interface Traslado {
  Base: string;
  Impuesto: Impuesto;
  TipoFactor: TipoFactor;
  TasaOCuota?: string;
  Importe?: string;
}

export interface Retencion {
  Base: string;
  Impuesto: Impuesto;
  TipoFactor: TipoFactor;
  TasaOCuota: string;
  Importe: string;
}

export interface ConceptoImpuestos {
  Traslados?: Traslado[];
  Retenciones?: Retencion[];
}

export interface ACuentaTerceros {
  RfcACuentaTerceros: string;
  NombreACuentaTerceros: string;
  RegimenFiscalACuentaTerceros: string;
  DomicilioFiscalACuentaTerceros: string;
}

export interface Parte {
  ClaveProdServ: string;
  NoIdentificacion?: string;
  Cantidad: string;
  Unidad?: string;
  Descripcion: string;
  ValorUnitario?: string;
  Importe?: string;
  InformacionAduanera?: { NumeroPedimento: string }[];
}

export interface Concepto {
  ClaveProdServ: string;
  NoIdentificacion?: string;
  Cantidad: string;
  ClaveUnidad: string;
  Unidad?: string;
  Descripcion: string;
  ValorUnitario: string;
  Importe: string;
  Descuento?: string;
  ObjetoImp: ObjetoImp | '05' | '06' | '07' | '08';
  Impuestos?: ConceptoImpuestos;
  /** Read from existing documents only; the builders never emit it. */
  ACuentaTerceros?: ACuentaTerceros;
  /** Read from existing documents only; the builders never emit it. */
  InformacionAduanera?: { NumeroPedimento: string }[];
  CuentaPredial?: { Numero: string }[];
  /** Read from existing documents only; the builders never emit it. */
  Parte?: Parte[];
}

export interface RetencionResumen {
  Impuesto: Impuesto;
  Importe: string;
}

export interface Impuestos {
  TotalImpuestosRetenidos?: string;
  TotalImpuestosTrasladados?: string;
  Retenciones?: RetencionResumen[];
  Traslados?: Traslado[];
}

/** Complements the engine writes and reads; written in this order, TFD last. */
export interface Complemento {
  Pagos?: Pagos;
  ImpuestosLocales?: ImpuestosLocales;
  TimbreFiscalDigital?: TimbreFiscalDigital;
}

// ---------------------------------------------------------------- Pagos 2.0

export interface Pagos {
  Version: '2.0';
  Totales: PagosTotales;
  Pago: Pago[];
}

export interface PagosTotales {
  TotalRetencionesIVA?: string;
  TotalRetencionesISR?: string;
  TotalRetencionesIEPS?: string;
  TotalTrasladosBaseIVA16?: string;
  TotalTrasladosImpuestoIVA16?: string;
  TotalTrasladosBaseIVA8?: string;
  TotalTrasladosImpuestoIVA8?: string;
  TotalTrasladosBaseIVA0?: string;
  TotalTrasladosImpuestoIVA0?: string;
  TotalTrasladosBaseIVAExento?: string;
  MontoTotalPagos: string;
}

export interface Pago {
  FechaPago: string;
  FormaDePagoP: string;
  MonedaP: string;
  TipoCambioP?: string;
  Monto: string;
  NumOperacion?: string;
  RfcEmisorCtaOrd?: string;
  NomBancoOrdExt?: string;
  CtaOrdenante?: string;
  RfcEmisorCtaBen?: string;
  CtaBeneficiario?: string;
  TipoCadPago?: string;
  CertPago?: string;
  CadPago?: string;
  SelloPago?: string;
  DoctoRelacionado: DoctoRelacionado[];
  ImpuestosP?: ImpuestosP;
}

export interface RetencionDR {
  BaseDR: string;
  ImpuestoDR: Impuesto;
  TipoFactorDR: TipoFactor;
  TasaOCuotaDR: string;
  ImporteDR: string;
}

export interface TrasladoDR {
  BaseDR: string;
  ImpuestoDR: Impuesto;
  TipoFactorDR: TipoFactor;
  TasaOCuotaDR?: string;
  ImporteDR?: string;
}

export interface DoctoRelacionado {
  IdDocumento: string;
  Serie?: string;
  Folio?: string;
  MonedaDR: string;
  EquivalenciaDR?: string;
  NumParcialidad: string;
  ImpSaldoAnt: string;
  ImpPagado: string;
  ImpSaldoInsoluto: string;
  ObjetoImpDR: string;
  ImpuestosDR?: { RetencionesDR?: RetencionDR[]; TrasladosDR?: TrasladoDR[] };
}

export interface RetencionP {
  ImpuestoP: Impuesto;
  ImporteP: string;
}

export interface TrasladoP {
  BaseP: string;
  ImpuestoP: Impuesto;
  TipoFactorP: TipoFactor;
  TasaOCuotaP?: string;
  ImporteP?: string;
}

export interface ImpuestosP {
  RetencionesP?: RetencionP[];
  TrasladosP?: TrasladoP[];
}

// ---------------------------------------------------------------- ImpuestosLocales 1.0

export interface ImpuestosLocales {
  version: '1.0';
  TotaldeRetenciones: string;
  TotaldeTraslados: string;
  RetencionesLocales?: { ImpLocRetenido: string; TasadeRetencion: string; Importe: string }[];
  TrasladosLocales?: { ImpLocTrasladado: string; TasadeTraslado: string; Importe: string }[];
}

// ---------------------------------------------------------------- TimbreFiscalDigital 1.1

export interface TimbreFiscalDigital {
  Version: '1.1';
  UUID: string;
  FechaTimbrado: string;
  RfcProvCertif: string;
  Leyenda?: string;
  SelloCFD: string;
  NoCertificadoSAT: string;
  SelloSAT: string;
}
