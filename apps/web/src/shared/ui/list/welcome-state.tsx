import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';

/** The welcome page of a list with nothing in it yet (spec section 4, "Lists"). */
export function WelcomeState(props: { title: string; children: ReactNode; actions: ReactNode }) {
  return (
    <Card className="border-0 shadow-sm" data-testid="list-welcome">
      <Card.Body className="text-center py-5 px-4">
        <h2 className="h4 fw-bold mb-3">{props.title}</h2>
        <div className="text-body-secondary mx-auto mb-4" style={{ maxWidth: 560 }}>
          {props.children}
        </div>
        <div className="d-flex flex-wrap justify-content-center gap-2">{props.actions}</div>
      </Card.Body>
    </Card>
  );
}

/** A search or filter that matched nothing. */
export function NoResults(props: { children: ReactNode }) {
  return (
    <div className="text-center text-body-secondary py-5" data-testid="list-no-results">
      {props.children}
    </div>
  );
}
