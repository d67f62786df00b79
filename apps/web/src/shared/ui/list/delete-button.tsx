import Button from 'react-bootstrap/Button';
import { confirmDelete } from '../../feedback/feedback-store.ts';

/**
 * Opens the delete confirmation of spec section 8 (Aceptar / Cancelar): on Aceptar the item is
 * deleted, then the app goes to `redirectTo`, the URL the caller chose.
 */
export function DeleteButton(props: {
  message: string;
  onDelete: () => Promise<unknown>;
  redirectTo: () => string;
  label?: string;
  size?: 'sm';
  variant?: string;
}) {
  return (
    <Button
      variant={props.variant ?? 'outline-danger'}
      {...(props.size ? { size: props.size } : {})}
      onClick={() =>
        confirmDelete({
          message: props.message,
          onAccept: async () => {
            await props.onDelete();
          },
          redirectTo: props.redirectTo(),
        })
      }
    >
      {props.label ?? 'Eliminar'}
    </Button>
  );
}
