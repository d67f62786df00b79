import Form from 'react-bootstrap/Form';
import { PAGE_SIZES } from '@repo/contracts/envelope';
import type { PageSize } from './list-query.ts';

/** Spec section 9: 30, 50 or 100 rows per page (30 by default). */
export function PageSizeSelect(props: {
  value: PageSize;
  onChange: (size: PageSize) => void;
  id?: string;
}) {
  const id = props.id ?? 'page-size';
  return (
    <div className="d-flex align-items-center gap-2">
      <Form.Label htmlFor={id} className="mb-0 small text-body-secondary text-nowrap">
        Registros por página
      </Form.Label>
      <Form.Select
        id={id}
        size="sm"
        style={{ width: 'auto' }}
        value={props.value}
        onChange={(e) => props.onChange(Number(e.target.value) as PageSize)}
      >
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </Form.Select>
    </div>
  );
}
