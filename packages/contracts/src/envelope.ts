import { z } from 'zod';

/** `{ success: true, data }`: the body of every successful answer. */
export const ok = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

/** A page of a list: the SPA reads the rows at `data.data`. */
export const paginated = <T extends z.ZodType>(row: T) =>
  z.object({
    data: z.array(row),
    current_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
  });

/** The body of every failed answer (architecture.md, "The API contract"). */
export const ErrorBody = z.object({
  success: z.literal(false),
  dataError: z.union([z.string(), z.record(z.string(), z.array(z.string()))]),
  showErrorToClient: z.boolean().optional(),
  persistentErrorMessage: z.boolean().optional(),
  errorTrackingUUID: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Page sizes of spec section 9. */
export const PAGE_SIZES = [30, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 30;

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  items_per_page: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), {
      message: 'El tamaño de página debe ser 30, 50 o 100',
    })
    .default(DEFAULT_PAGE_SIZE),
  order_by: z.string().optional(),
  order_direction: z.enum(['asc', 'desc']).optional(),
});
