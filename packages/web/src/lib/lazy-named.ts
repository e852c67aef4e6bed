import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * React.lazy for a named export, so pages keep named exports and each `import()` still becomes
 * its own chunk: `lazyNamed(() => import('./x-page.tsx'), 'XPage')`.
 */
export function lazyNamed<P, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: (await load())[name] }));
}
