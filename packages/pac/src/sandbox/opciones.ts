/** What the sandbox PAC can be configured with (re-exported by sandbox-pac.ts and the package). */
import type { CatalogosLookup } from '@repo/cfdi/validacion';
import type { FuenteTipoCambio } from '@repo/cfdi/tipo-cambio';
import type { SandboxStore } from './store.ts';

export type RespuestaReceptor = 'aceptar' | 'rechazar' | 'silencio';

/**
 * A scripted failure for the next stamp (rules 10.4): `antes-de-timbrar` fails with nothing stored;
 * `despues-de-timbrar` stores the stamp and then fails as a lost answer would. Both throw
 * PacNoDisponibleError('TIMEOUT'), so callers prove that a retry never gives a second UUID.
 */
export type FallaSandbox = 'antes-de-timbrar' | 'despues-de-timbrar';

export interface SandboxPacOptions {
  /** Directory of run-time state; the timbre certificate lives in `<dataDir>/sandbox-pac/`. */
  dataDir: string;
  /** Catalog lookups for stages F–I (`@repo/catalogos` provides them). */
  catalogos: CatalogosLookup;
  store?: SandboxStore;
  /** The sandbox's clock; tests move it. */
  clock?: () => Date;
  /** IANA zone (or c_CodigoPostal huso_descripcion) of a LugarExpedicion; default Zona Centro. */
  zonaHorariaDe?: (codigoPostal: string) => string | undefined;
  /** RfcProvCertif written in the TFD. */
  rfcProvCertif?: string;
  /**
   * Certificate authorities whose CSDs are accepted (PEM or DER). The SAT's production CAs are not
   * shipped in this repository; pass them here. Always added in sandbox mode: the repository's
   * local test CA (data/test-ca), unless `confiarCaDePruebas` is false.
   */
  autoridadesCertificadoras?: (string | Buffer)[];
  confiarCaDePruebas?: boolean;
  /** NoCertificado values of revoked CSDs (304). */
  revocados?: ReadonlySet<string>;
  /** LCO check (402): answer false when the emisor/serial is not registered. Default: all registered. */
  enLco?: (rfc: string, noCertificado: string) => boolean;
  /**
   * The SAT's list of RFC inscritos no cancelados (l_RFC, rules 10.3) for receivers: name, CP and
   * regímenes registered for an RFC. Without it receivers are not checked against a registry.
   */
  listaRfc?: (
    rfc: string,
  ) => { nombre: string; cp: string; regimenes: readonly string[] } | undefined;
  /** Receivers missing from `listaRfc`: 'lenient' (default) accepts them, 'strict' answers CFDI40143. */
  receptorDesconocido?: 'lenient' | 'strict';
  /**
   * Reference exchange rates (Banxico FIX) for CFDI40118. Without it, or when it does not know the
   * day's rate, TipoCambio is not compared (as a PAC whose reference is unknown to us).
   */
  tiposDeCambio?: FuenteTipoCambio;
  /** Future tolerance of Fecha (ms); default 5 minutes. */
  toleranciaFuturoMs?: number;
  /** XSD validation with libxml2 (WebAssembly, schemas compiled once per process); default true. */
  validarEsquema?: boolean;
  /** Official holidays (AAAA-MM-DD) that are not business days. */
  feriados?: readonly string[];
  /** How a receiver answers a cancellation that needs acceptance; default 'silencio'. */
  respuestaReceptor?: (rfcReceptor: string) => RespuestaReceptor;
  /**
   * SAT propagation delay (rules 9.6): for this long after stamping, cancelling answers 205 as the
   * SAT does not know the UUID yet. Default 0.
   */
  retrasoPropagacionMs?: number;
  /** Last day to cancel, month-day of the year after issue (rules 9.5). */
  plazoCancelacion?: { moral: string; fisica: string };
}
