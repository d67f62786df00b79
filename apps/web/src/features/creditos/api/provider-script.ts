/** What the card-payment provider's script (the sandbox checkout) puts on window. */
export interface CardProvider {
  mount(
    target: HTMLElement,
    options: {
      sessionId: string;
      onComplete?: () => void;
      onError?: (e: { message: string }) => void;
    },
  ): { unmount(): void };
}

declare global {
  interface Window {
    SandboxCheckout?: CardProvider;
  }
}

const loading = new Map<string, Promise<CardProvider>>();

/** Loads the provider's script once (spec section 1: a card-payment provider script is loaded). */
export function loadCardProvider(src: string): Promise<CardProvider> {
  const known = loading.get(src);
  if (known) return known;
  const promise = new Promise<CardProvider>((resolve, reject) => {
    if (window.SandboxCheckout) {
      resolve(window.SandboxCheckout);
      return;
    }
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () =>
      window.SandboxCheckout
        ? resolve(window.SandboxCheckout)
        : reject(new Error('El formulario de pago no se pudo cargar.'));
    script.onerror = () => {
      loading.delete(src);
      reject(new Error('El formulario de pago no se pudo cargar. Revise su conexión.'));
    };
    document.head.appendChild(script);
  });
  loading.set(src, promise);
  return promise;
}
