import { SatCatalogPage } from '#src/features/productos-servicios/components/sat-catalog-page.tsx';

export default function CatalogoUnidadesMedidaScreen() {
  return <SatCatalogPage catalog="unidades" />;
}
