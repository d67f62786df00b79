// Spec section 9.
export const TOAST_TIMEOUT_MS = 6000;
export const TOAST_COLORS = {
  error: '#dc3545',
  success: '#28a745',
  warning: '#cdac07',
  info: '#17a2b8',
} as const;
export const BANNER_TIMEOUT_MS = 25_000;
export const BANNER_MAX_WIDTH_PX = 900;
export const LOADER_TIMEOUT_MS = 50_000;
export const DIALOG_Z_INDEX = 999;
