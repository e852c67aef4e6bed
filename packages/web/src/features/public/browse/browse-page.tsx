import { useMessages } from '../../../i18n/index.ts';

/** Table of all lines (/browse). Placeholder. */
export function BrowsePage() {
  const m = useMessages();
  return <h1>{m.browse.heading}</h1>;
}
