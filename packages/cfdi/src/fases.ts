/**
 * Where the time of a stamp goes, for the benchmarks (bench/stamping): the engine, the API and the
 * sandbox PAC wrap each synchronous phase of their work (building, validating, cadena, signatures,
 * parsing…) in `medir(fase, fn)`. With no recorder installed — always, outside a benchmark — it is
 * one comparison and the call itself: no clock read, no allocation beyond the caller's closure.
 *
 * Phases are synchronous code only (no await inside), so with a CPU clock (`process.cpuUsage`) the
 * recorder gets the CPU each phase took even on a loaded machine; what is left of a stamp's CPU
 * (database driver, event loop, garbage collector) is the process's CPU minus the sum of the phases.
 */
export interface RegistroDeFases {
  /** Milliseconds on the recorder's clock (CPU time, or wall time). */
  reloj: () => number;
  anotar: (fase: string, ms: number) => void;
}

let registro: RegistroDeFases | null = null;

/** Installs (or, with null, removes) the recorder that receives each phase's duration. */
export function registrarFases(r: RegistroDeFases | null): void {
  registro = r;
}

/** Runs `fn` and, when a recorder is installed, records how long it took under `fase`. */
export function medir<T>(fase: string, fn: () => T): T {
  if (registro === null) return fn();
  const r = registro;
  const inicio = r.reloj();
  try {
    return fn();
  } finally {
    r.anotar(fase, r.reloj() - inicio);
  }
}
