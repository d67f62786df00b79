/** `{ success: true, data }` */
export function ok<T>(data: T): { success: true; data: T } {
  return { success: true, data };
}

export interface Page<T> {
  data: T[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
}

export function page<T>(rows: T[], total: number, currentPage: number, perPage: number): Page<T> {
  return {
    data: rows,
    current_page: currentPage,
    per_page: perPage,
    total,
    last_page: Math.max(1, Math.ceil(total / perPage)),
  };
}
