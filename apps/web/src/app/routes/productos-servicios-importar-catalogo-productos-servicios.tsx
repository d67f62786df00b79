import { SatCatalogPage } from '#src/features/productos-servicios/components/sat-catalog-page.tsx';

export default function CatalogoProductosServiciosScreen() {
  return <SatCatalogPage catalog="productos-servicios" />;
}
