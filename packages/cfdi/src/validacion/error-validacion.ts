export interface ErrorValidacion {
  /** Stable code: the SAT/PAC key when there is one (CFDI40108, CRP20101), else a product code. */
  code: string;
  /** Path in the Comprobante model: 'Receptor.UsoCFDI', 'Conceptos[2].Importe'. */
  field: string;
  /** Spanish message for the user. */
  message: string;
  /** The SAT rule it applies (matrix key, XSD or product rule), for support. */
  satRule: string;
}

export class Errores {
  readonly lista: ErrorValidacion[] = [];
  add(code: string, field: string, message: string, satRule: string = code): void {
    this.lista.push({ code, field, message, satRule });
  }
}
