import type { QueryClient } from '@tanstack/react-query';
import { closeDialog, hideLoader } from '../feedback/feedback-store.ts';
import { getSession, subscribeSession } from './session-store.ts';

/**
 * Spec section 4, "Global reset": when the session ends (logout, a 401/403, a failed refresh) or
 * another user signs in, or the same user switches to another enterprise, every feature state is dropped: the server data cached by TanStack Query
 * (clients, products, taxes, seals, invoices, credits, ...), so nothing of one account is ever shown
 * to the next. An open dialog and the loader go too; toasts stay (the session message is one).
 * Answers the unsubscribe function.
 */
export function resetFeatureStatesOnSessionEnd(queryClient: QueryClient): () => void {
  let previous = getSession();
  return subscribeSession(() => {
    const current = getSession();
    const ended = previous.token !== null && current.token === null;
    const otherUser =
      previous.user !== null && current.user !== null && previous.user.id !== current.user.id;
    // Another enterprise of the same login (issue 27): nothing of the previous one stays on screen.
    const otherEnterprise =
      previous.enterprise !== null &&
      current.enterprise !== null &&
      previous.enterprise.id !== current.enterprise.id;
    previous = current;
    if (ended || otherUser || otherEnterprise) {
      queryClient.clear();
      closeDialog();
      hideLoader();
    }
  });
}
