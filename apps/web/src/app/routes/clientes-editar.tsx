import { useParams } from 'react-router';
import { ClientEdit } from '#src/features/clientes/components/client-edit.tsx';

export default function ClientesEditarScreen() {
  const { id } = useParams();
  return <ClientEdit key={id} id={Number(id)} />;
}
