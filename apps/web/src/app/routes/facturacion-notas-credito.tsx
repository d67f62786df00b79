import { NotasCreditoLista } from '#src/features/facturacion/notas-credito/components/notas-credito-lista.tsx';

export default function FacturacionNotasCreditoScreen() {
  return <NotasCreditoLista />;
}
