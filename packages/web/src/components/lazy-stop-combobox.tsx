import { lazy, Suspense, useId } from 'react';
import type { StopComboboxProps } from './stop-combobox.tsx';
import './combobox.css';

/**
 * The stop selector's code (search, keys, list: ~1.2 KB gzip) is fetched right after the first
 * render instead of with it, so the home's departures show without waiting for it (the 80 KB
 * first-load budget, scripts/bundle-size.mjs). Until it arrives, the box shows the chosen stop
 * in the same place and size, read only.
 */
const StopCombobox = lazy(() =>
  import('./stop-combobox.tsx').then((module) => ({ default: module.StopCombobox })),
);

export function LazyStopCombobox(props: StopComboboxProps) {
  return (
    <Suspense fallback={<StopBoxWhileLoading label={props.label} value={props.value?.label ?? ''} />}>
      <StopCombobox {...props} />
    </Suspense>
  );
}

function StopBoxWhileLoading({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    <div className="combo" aria-busy="true">
      <label className="combo-label" htmlFor={id}>
        {label}
      </label>
      <div className="combo-field">
        <input id={id} className="input combo-input" value={value} readOnly />
      </div>
    </div>
  );
}
