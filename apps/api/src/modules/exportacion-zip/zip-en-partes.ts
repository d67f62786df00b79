import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** The size of each part of a ZIP kept in the database (the last one may be smaller). */
export const TAMANO_PARTE = 1024 * 1024;

/**
 * A ZIP written as it is built (fflate's streaming Zip), handed out in parts of `tamanoParte` bytes:
 * the caller adds a file, then takes the parts that are full and stores them, so memory holds one
 * file and less than one part at a time. Every file is stored with its exact bytes; text is
 * compressed (DEFLATE), PDFs, already compressed, are stored as they are.
 */
export class ZipEnPartes {
  private readonly zip: Zip;
  private pendientes: Uint8Array[] = [];
  private bytesPendientes = 0;
  private fallo: Error | null = null;
  private terminado = false;
  /** Bytes of the ZIP produced so far. */
  bytes = 0;

  constructor(private readonly tamanoParte = TAMANO_PARTE) {
    this.zip = new Zip((err, chunk, final) => {
      if (err) {
        this.fallo = err;
        return;
      }
      this.pendientes.push(chunk);
      this.bytesPendientes += chunk.length;
      this.bytes += chunk.length;
      if (final) this.terminado = true;
    });
  }

  /** Adds one file; `comprimir` deflates it (XML, spreadsheets), otherwise it is stored as is. */
  agregar(nombre: string, datos: Uint8Array, comprimir: boolean, fecha = new Date()): void {
    const archivo = comprimir ? new ZipDeflate(nombre, { level: 6 }) : new ZipPassThrough(nombre);
    archivo.mtime = fecha;
    this.zip.add(archivo);
    archivo.push(datos, true);
    if (this.fallo) throw this.fallo;
  }

  /** Writes the central directory: call once, after the last file. */
  terminar(): void {
    this.zip.end();
    if (this.fallo) throw this.fallo;
    if (!this.terminado) throw new Error('the ZIP did not end');
  }

  /**
   * The parts ready to store: every full part, and after terminar() also the last, shorter one.
   * fflate emits each file synchronously as it is pushed, so after agregar() its bytes are here.
   */
  partesListas(): Buffer[] {
    const partes: Buffer[] = [];
    while (
      this.bytesPendientes >= this.tamanoParte ||
      (this.terminado && this.bytesPendientes > 0)
    ) {
      const todo = Buffer.concat(this.pendientes);
      const largo = Math.min(this.tamanoParte, todo.length);
      partes.push(todo.subarray(0, largo));
      const resto = todo.subarray(largo);
      this.pendientes = resto.length ? [resto] : [];
      this.bytesPendientes = resto.length;
    }
    return partes;
  }
}
