import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { loadPageMessages } from '../i18n/index.ts';

/**
 * React.lazy for a named export, which waits for the texts of the pages beyond the home, so pages keep named exports and each `import()` still becomes
 * its own chunk: `lazyNamed(() => import('./x-page.tsx'), 'XPage')`.
 */
export function lazyNamed<P, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyExoticComponent<ComponentType<P>> {
  // A page beyond the home renders once its texts are here too (i18n/index.ts).
  return lazy(async () => {
    const [module] = await Promise.all([load(), loadPageMessages()]);
    return { default: module[name] };
  });
}
