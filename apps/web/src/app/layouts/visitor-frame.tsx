import type { ReactNode } from 'react';
import { APP_VERSION } from '#src/shared/config.ts';
import { Brand } from './brand.tsx';

export function VisitorFrame({ children }: { children: ReactNode }) {
  return (
    <div className="min-vh-100 d-flex flex-column bg-body-tertiary">
      <header className="container py-4">
        <Brand />
      </header>
      <main className="container flex-grow-1 d-flex justify-content-center align-items-start pb-5">
        <div className="w-100" style={{ maxWidth: 640 }}>
          {children}
        </div>
      </main>
      <footer className="container py-3 small text-body-secondary d-flex justify-content-between">
        <span>Facturación electrónica CFDI 4.0</span>
        <span>Versión {APP_VERSION}</span>
      </footer>
    </div>
  );
}
