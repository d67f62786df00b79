export const NS = {
  cfdi: 'http://www.sat.gob.mx/cfd/4',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
  pago20: 'http://www.sat.gob.mx/Pagos20',
  implocal: 'http://www.sat.gob.mx/implocal',
  tfd: 'http://www.sat.gob.mx/TimbreFiscalDigital',
} as const;

export const SCHEMA_LOCATION = {
  cfdi: 'http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd',
  pago20: 'http://www.sat.gob.mx/sitio_internet/cfd/Pagos/Pagos20.xsd',
  implocal: 'http://www.sat.gob.mx/sitio_internet/cfd/implocal/implocal.xsd',
  tfd: 'http://www.sat.gob.mx/sitio_internet/cfd/TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd',
} as const;
