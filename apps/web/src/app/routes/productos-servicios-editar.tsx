import { useParams } from 'react-router';
import { ProductServiceEdit } from '#src/features/productos-servicios/components/product-service-edit.tsx';

export default function ProductosServiciosEditarScreen() {
  const { id } = useParams();
  return <ProductServiceEdit key={id} id={Number(id)} />;
}
