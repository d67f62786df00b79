import { ClientCreate } from '#src/features/clientes/components/client-create.tsx';

export default function ClientesNuevoScreen() {
  return <ClientCreate />;
}
