// API bases (architecture.md, "The API contract"): configurable so the catalog service can run on its own.
export const API_BASE: string = import.meta.env.VITE_API_BASE || '/api';
export const CATALOGOS_BASE: string = import.meta.env.VITE_CATALOGOS_BASE || '/api/catalogos';

/** Spec section 9. */
export const APP_VERSION = '1.4.5';
