import { lazy, type ComponentType } from 'react';

/**
 * A part of the popup loaded after its first render (React.lazy), together with the styles of
 * such parts (laterStyles.ts), so that it is never drawn before its styles are in the page.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as React.lazy: any component's props
export function lazyPart<C extends ComponentType<any>>(load: () => Promise<C>) {
  return lazy(async () => {
    const [component] = await Promise.all([load(), import('./laterStyles')]);
    return { default: component };
  });
}
