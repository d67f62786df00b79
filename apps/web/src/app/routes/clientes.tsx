import { ClientsList } from '#src/features/clientes/components/clients-list.tsx';

export default function ClientesScreen() {
  return <ClientsList />;
}
