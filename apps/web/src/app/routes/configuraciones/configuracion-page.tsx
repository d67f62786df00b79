import type { ReactNode } from 'react';
import Breadcrumb from 'react-bootstrap/Breadcrumb';
import { Link } from 'react-router';
import { useSession } from '#src/shared/session/session-store.ts';

/** The frame of a Configuraciones screen; renders its content with the signed-in enterprise's id. */
export function ConfiguracionPage(props: {
  title: string;
  description: string;
  children: (enterpriseId: number) => ReactNode;
}) {
  const { enterprise } = useSession();
  return (
    <>
      <Breadcrumb>
        <Breadcrumb.Item linkAs={Link} linkProps={{ to: '/configuraciones' }}>
          Configuraciones
        </Breadcrumb.Item>
        <Breadcrumb.Item active>{props.title}</Breadcrumb.Item>
      </Breadcrumb>
      <h1 className="h3 fw-bold mb-1">{props.title}</h1>
      <p className="text-body-secondary mb-4">{props.description}</p>
      {enterprise && props.children(enterprise.id)}
    </>
  );
}
