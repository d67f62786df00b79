import { lazy } from '../lazy-screen.ts';
import type { AppRoute } from '../route-meta.ts';

/**
 * Products and services: list, new, edit, the Excel import, its report and the SAT catalogs its
 * template uses.
 */
export const productosServiciosRoutes: readonly AppRoute[] = [
  {
    path: '/productos-servicios',
    name: 'productsServices',
    title: 'Productos y servicios',
    description: 'Sus productos y servicios: búsqueda, alta, edición, importación y exportación.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('../routes/productos-servicios.tsx')),
  },
  {
    path: '/productos-servicios/nuevo',
    name: 'productsServices.create',
    title: 'Nuevo producto o servicio',
    description: 'Registre un producto o servicio con sus claves del SAT, precio e impuestos.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('../routes/productos-servicios-nuevo.tsx')),
  },
  {
    path: '/productos-servicios/editar/:id',
    name: 'productsServices.edit',
    title: 'Editar producto o servicio',
    description:
      'Actualice las claves del SAT, el precio o los impuestos de su producto o servicio.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('../routes/productos-servicios-editar.tsx')),
  },
  {
    path: '/productos-servicios/importar',
    name: 'productsServices.import',
    title: 'Importar productos y servicios',
    description: 'Registre muchos productos y servicios a la vez con la plantilla de Excel.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('../routes/productos-servicios-importar.tsx')),
  },
  {
    path: '/productos-servicios/importar/reporte',
    name: 'productsServices.import.report',
    title: 'Reporte de importación de productos y servicios',
    description: 'Los productos y servicios creados y las filas rechazadas con su motivo.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(() => import('../routes/productos-servicios-importar-reporte.tsx')),
  },
  {
    path: '/productos-servicios/importar/catalogo-productos-servicios',
    name: 'productsServices.import.catalogoProductosServicios',
    title: 'Catálogo de productos y servicios',
    description: 'El catálogo oficial de claves de productos y servicios del SAT.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(
      () => import('../routes/productos-servicios-importar-catalogo-productos-servicios.tsx'),
    ),
  },
  {
    path: '/productos-servicios/importar/catalogo-unidades-medida',
    name: 'productsServices.import.catalogoUnidadesMedida',
    title: 'Catálogo de unidades de medida',
    description: 'El catálogo oficial de claves de unidad del SAT.',
    guard: 'requiresAuth',
    layout: 'app',
    screen: lazy(
      () => import('../routes/productos-servicios-importar-catalogo-unidades-medida.tsx'),
    ),
  },
];
