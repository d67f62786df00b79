import Spinner from 'react-bootstrap/Spinner';

/** While a list's first page loads. */
export function ListLoading() {
  return (
    <div className="d-flex justify-content-center py-5" role="status" aria-label="Cargando">
      <Spinner animation="border" variant="primary" />
    </div>
  );
}
