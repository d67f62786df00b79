import { type ComponentType, type LazyExoticComponent, lazy as reactLazy } from 'react';

const loaders = new WeakMap<object, () => Promise<unknown>>();

/**
 * React.lazy that can also be started ahead of rendering: the route table uses it so that the
 * chunks of the screen being opened load in parallel with the frame around it (signed-in layout,
 * server-state provider, screen), instead of one after the other once each has rendered.
 */
export function lazy<P extends object = object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyExoticComponent<ComponentType<P>> {
  let started: Promise<{ default: ComponentType<P> }> | null = null;
  const once = () =>
    (started ??= load().catch((error: unknown) => {
      started = null; // a failed chunk load is retried by the next render or preload
      throw error;
    }));
  const component = reactLazy(once);
  loaders.set(component, once);
  return component;
}

/** Starts loading a component made by `lazy` (no-op for any other); never throws. */
export function preload(component: object): void {
  const load = loaders.get(component);
  if (load) load().catch(() => undefined);
}
