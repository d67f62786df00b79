/**
 * Where the sandbox PAC keeps its state. The in-memory store serves tests and single-process dev
 * runs; the API may implement the same interface on its database (see README "What to persist").
 */
import type { EsCancelable, EstatusCancelacion, MotivoCancelacion } from '../pac.ts';

export interface SolicitudCancelacion {
  /** ISO instant of the request. */
  fecha: string;
  motivo: MotivoCancelacion;
  folioSustitucion?: string;
  /** Classification at request time (rules 9.2). */
  esCancelable: EsCancelable;
  /** ISO instant after which silence means acceptance (3 business days). */
  plazo?: string;
  respuesta?: 'Aceptacion' | 'Rechazo' | 'Plazo vencido' | 'Sin aceptacion';
  fechaRespuesta?: string;
  /** The signed acuse the sandbox answered, verbatim. */
  acuse: string;
}

export interface TimbreGuardado {
  /** SHA-256 (hex) of the cadena original and Sello: the idempotency key of rules 10.2 B. */
  hash: string;
  uuid: string;
  /** The stamped XML, verbatim. */
  xml: string;
  fechaTimbrado: string;
  /** ISO instant of the stamp (FechaTimbrado is wall time in Zona Centro). */
  instanteTimbrado: string;
  selloSAT: string;
  selloCFD: string;
  cadenaOriginalTfd: string;
  rfcEmisor: string;
  rfcReceptor: string;
  total: string;
  moneda: string;
  tipoCambio?: string;
  tipoDeComprobante: string;
  /** UUIDs this CFDI depends on in a way that blocks their cancellation (rules 9.4). */
  bloquea: string[];
  /** The caller's idempotency keys seen for this stamp. */
  idempotencyKeys: string[];
  estado: 'Vigente' | 'Cancelado';
  estatusCancelacion: EstatusCancelacion;
  solicitudes: SolicitudCancelacion[];
}

export type GuardadoSiNuevo =
  | { guardado: TimbreGuardado }
  | { porHash: TimbreGuardado; porLlave?: undefined }
  | { porHash?: undefined; porLlave: TimbreGuardado };

export interface SandboxStore {
  porHash(hash: string): Promise<TimbreGuardado | undefined>;
  porUuid(uuid: string): Promise<TimbreGuardado | undefined>;
  /** The stamp first issued under this caller idempotency key (index `idempotencyKeys`). */
  porIdempotencyKey(key: string): Promise<TimbreGuardado | undefined>;
  /**
   * Optional: porHash and porIdempotencyKey answered together (one round trip for a store on a
   * database). The sandbox uses it when present; the answers must equal the two calls'.
   */
  porHashYLlave?(
    hash: string,
    key: string,
  ): Promise<{ porHash?: TimbreGuardado; porLlave?: TimbreGuardado }>;
  /**
   * Saves a new stamp unless one with the same hash exists; answers the stored one either way.
   * MUST be atomic on `hash` (a unique key): two concurrent stamps of one CFDI keep one UUID.
   */
  guardarSiNoExiste(t: TimbreGuardado): Promise<TimbreGuardado>;
  /**
   * Optional: saves a new stamp unless a stamp with its hash or with this key exists (one round
   * trip for a store on a database; the sandbox then looks up only when a check fails). Answers the
   * new stamp as saved, or the stored stamp of the hash (preferred) or else the first one of the
   * key, as porHashYLlave would; MUST be atomic on `hash` like guardarSiNoExiste.
   */
  guardarSiNuevo?(t: TimbreGuardado, key: string): Promise<GuardadoSiNuevo>;
  /** Replaces the cancellation part (estado, estatusCancelacion, solicitudes) of a stored stamp. */
  actualizar(t: TimbreGuardado): Promise<void>;
  /** Stamps whose `bloquea` contains `uuid`. */
  relacionadosCon(uuid: string): Promise<TimbreGuardado[]>;
}

const copia = <T>(v: T): T => structuredClone(v);

export class MemorySandboxStore implements SandboxStore {
  private readonly hashes = new Map<string, TimbreGuardado>();
  private readonly uuids = new Map<string, TimbreGuardado>();

  porHash(hash: string): Promise<TimbreGuardado | undefined> {
    const t = this.hashes.get(hash);
    return Promise.resolve(t && copia(t));
  }

  porUuid(uuid: string): Promise<TimbreGuardado | undefined> {
    const t = this.uuids.get(uuid.toUpperCase());
    return Promise.resolve(t && copia(t));
  }

  porIdempotencyKey(key: string): Promise<TimbreGuardado | undefined> {
    const t = [...this.hashes.values()].find((x) => x.idempotencyKeys.includes(key));
    return Promise.resolve(t && copia(t));
  }

  guardarSiNoExiste(t: TimbreGuardado): Promise<TimbreGuardado> {
    const previo = this.hashes.get(t.hash);
    if (previo) return Promise.resolve(copia(previo));
    const nuevo = copia(t);
    this.hashes.set(t.hash, nuevo);
    this.uuids.set(t.uuid.toUpperCase(), nuevo);
    return Promise.resolve(copia(nuevo));
  }

  async guardarSiNuevo(t: TimbreGuardado, key: string): Promise<GuardadoSiNuevo> {
    const porHash = await this.porHash(t.hash);
    if (porHash) return { porHash };
    const porLlave = await this.porIdempotencyKey(key);
    if (porLlave) return { porLlave };
    return { guardado: await this.guardarSiNoExiste(t) };
  }

  actualizar(t: TimbreGuardado): Promise<void> {
    const actual = this.uuids.get(t.uuid.toUpperCase());
    if (!actual) return Promise.reject(new Error(`UUID ${t.uuid} no existe en el sandbox.`));
    actual.estado = t.estado;
    actual.estatusCancelacion = t.estatusCancelacion;
    actual.solicitudes = copia(t.solicitudes);
    actual.idempotencyKeys = [...t.idempotencyKeys];
    return Promise.resolve();
  }

  relacionadosCon(uuid: string): Promise<TimbreGuardado[]> {
    const u = uuid.toUpperCase();
    return Promise.resolve(
      [...this.hashes.values()].filter((t) => t.bloquea.includes(u)).map(copia),
    );
  }
}
