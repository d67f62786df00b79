import type { CfdiDatos } from '@repo/contracts/cfdi-datos';
import type { Comprobante, Traslado } from '@repo/cfdi/xml';

const linea = (l: Traslado) => ({
  base: l.Base,
  impuesto: l.Impuesto,
  tipo_factor: l.TipoFactor,
  tasa_o_cuota: l.TasaOCuota ?? null,
  importe: l.Importe ?? null,
});

/** Every datum of a CFDI (stamped, or the preview of a pre-invoice) as the API answers it. */
export function cfdiDatos(c: Comprobante): CfdiDatos {
  const tfd = c.Complemento?.TimbreFiscalDigital;
  const locales = c.Complemento?.ImpuestosLocales;
  return {
    version: c.Version,
    serie: c.Serie ?? null,
    folio: c.Folio ?? null,
    fecha: c.Fecha,
    forma_pago: c.FormaPago ?? null,
    metodo_pago: c.MetodoPago ?? null,
    condiciones_pago: c.CondicionesDePago ?? null,
    moneda: c.Moneda,
    tipo_cambio: c.TipoCambio ?? null,
    exportacion: c.Exportacion,
    lugar_expedicion: c.LugarExpedicion,
    no_certificado: c.NoCertificado ?? null,
    subtotal: c.SubTotal,
    descuento: c.Descuento ?? null,
    total: c.Total,
    informacion_global: c.InformacionGlobal
      ? {
          periodicidad: c.InformacionGlobal.Periodicidad,
          meses: c.InformacionGlobal.Meses,
          anio: c.InformacionGlobal.Año,
        }
      : null,
    cfdi_relacionados: (c.CfdiRelacionados ?? []).map((r) => ({
      tipo_relacion: r.TipoRelacion,
      uuids: r.CfdiRelacionado.map((x) => x.UUID),
    })),
    emisor: { rfc: c.Emisor.Rfc, nombre: c.Emisor.Nombre, regimen_fiscal: c.Emisor.RegimenFiscal },
    receptor: {
      rfc: c.Receptor.Rfc,
      nombre: c.Receptor.Nombre,
      domicilio_fiscal: c.Receptor.DomicilioFiscalReceptor,
      regimen_fiscal: c.Receptor.RegimenFiscalReceptor,
      uso_cfdi: c.Receptor.UsoCFDI,
      residencia_fiscal: c.Receptor.ResidenciaFiscal ?? null,
    },
    conceptos: c.Conceptos.map((k) => ({
      clave_prod_serv: k.ClaveProdServ,
      no_identificacion: k.NoIdentificacion ?? null,
      cantidad: k.Cantidad,
      clave_unidad: k.ClaveUnidad,
      unidad: k.Unidad ?? null,
      descripcion: k.Descripcion,
      valor_unitario: k.ValorUnitario,
      importe: k.Importe,
      descuento: k.Descuento ?? null,
      objeto_imp: k.ObjetoImp,
      traslados: (k.Impuestos?.Traslados ?? []).map(linea),
      retenciones: (k.Impuestos?.Retenciones ?? []).map(linea),
      cuenta_predial: (k.CuentaPredial ?? []).map((x) => x.Numero),
    })),
    impuestos: c.Impuestos
      ? {
          total_trasladados: c.Impuestos.TotalImpuestosTrasladados ?? null,
          total_retenidos: c.Impuestos.TotalImpuestosRetenidos ?? null,
          traslados: (c.Impuestos.Traslados ?? []).map(linea),
          retenciones: (c.Impuestos.Retenciones ?? []).map((r) => ({
            impuesto: r.Impuesto,
            importe: r.Importe,
          })),
        }
      : null,
    impuestos_locales: locales
      ? {
          total_traslados: locales.TotaldeTraslados,
          total_retenciones: locales.TotaldeRetenciones,
          traslados: (locales.TrasladosLocales ?? []).map((x) => ({
            nombre: x.ImpLocTrasladado,
            tasa: x.TasadeTraslado,
            importe: x.Importe,
          })),
          retenciones: (locales.RetencionesLocales ?? []).map((x) => ({
            nombre: x.ImpLocRetenido,
            tasa: x.TasadeRetencion,
            importe: x.Importe,
          })),
        }
      : null,
    timbre: tfd
      ? {
          uuid: tfd.UUID,
          fecha_timbrado: tfd.FechaTimbrado,
          rfc_prov_certif: tfd.RfcProvCertif,
          no_certificado_sat: tfd.NoCertificadoSAT,
          sello_cfd: tfd.SelloCFD,
          sello_sat: tfd.SelloSAT,
        }
      : null,
  };
}
