import { puede, type Capacidad, type Rol } from '@repo/contracts/roles';
import { useSession } from './session-store.ts';

/**
 * The signed-in user's role in the active enterprise. A session stored before roles existed
 * (issue 27) carries none: every member then was the owner, and the API checks each call anyway.
 */
export function useRol(): Rol | null {
  const { enterprise } = useSession();
  if (!enterprise) return null;
  return enterprise.rol ?? 'propietario';
}

/** True when the active enterprise's role allows `capacidad` (screens offer only what it allows). */
export function usePuede(capacidad: Capacidad): boolean {
  return puede(useRol(), capacidad);
}
