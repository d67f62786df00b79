import { puede, type Capacidad, type Rol } from '@repo/contracts/roles';
import type { EnterpriseSummary } from '@repo/contracts/enterprises';
import { useSession } from './session-store.ts';

/**
 * The signed-in user's role in the active enterprise. A session stored before roles existed
 * (issue 27) carries none: every member then was the owner, and the API checks each call anyway.
 */
function rolEn(enterprise: EnterpriseSummary | null): Rol | null {
  if (!enterprise) return null;
  return enterprise.rol ?? 'propietario';
}

export function useRol(): Rol | null {
  return rolEn(useSession().enterprise);
}

/**
 * True when the active enterprise lets `enterprise`'s role do `capacidad`: the role's capabilities,
 * less the purchase of credits for an administrator when the owner turned that off (a session
 * stored before the switch existed carries none: on, as before).
 */
export function puedeEn(enterprise: EnterpriseSummary | null, capacidad: Capacidad): boolean {
  return puede(rolEn(enterprise), capacidad, enterprise?.administradores_compran !== false);
}

/** What the active enterprise allows, as a function (menus that check many capabilities). */
export function usePermisos(): (capacidad: Capacidad) => boolean {
  const { enterprise } = useSession();
  return (capacidad) => puedeEn(enterprise, capacidad);
}

/** True when the active enterprise's role allows `capacidad` (screens offer only what it allows). */
export function usePuede(capacidad: Capacidad): boolean {
  return puedeEn(useSession().enterprise, capacidad);
}
