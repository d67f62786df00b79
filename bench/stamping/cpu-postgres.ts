import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time (user + system, ms) of every PostgreSQL process on this machine, read from /proc: the
 * backends serving the bench, the WAL writer, the checkpointer… On a quiet machine the difference
 * between two readings is what the server spent on the stamps in between; the bench's own process
 * is measured apart (process.cpuUsage). A process that exits between the readings is left out, one
 * that starts is counted from zero. Null where there is no /proc (not Linux).
 */
export function cpuPostgresMs(): Map<string, number> | null {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return null;
  }
  const tick = 1000 / 100; // USER_HZ is 100 on Linux
  const porPid = new Map<string, number>();
  for (const pid of pids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const nombre = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    if (nombre !== 'postgres') continue;
    const campos = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    porPid.set(pid, (Number(campos[11]) + Number(campos[12])) * tick);
  }
  return porPid;
}

/** The CPU the PostgreSQL processes spent between two readings, ms. */
export function cpuPostgresEntre(antes: Map<string, number>, despues: Map<string, number>): number {
  let ms = 0;
  for (const [pid, t] of despues) ms += t - (antes.get(pid) ?? 0);
  return ms;
}
