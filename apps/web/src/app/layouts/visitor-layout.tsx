import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { VisitorFrame } from './visitor-frame.tsx';

/** Login, registration, password recovery and the new-client welcome: one centred column. */
export function VisitorLayout(): ReactNode {
  return (
    <VisitorFrame>
      <Outlet />
    </VisitorFrame>
  );
}
