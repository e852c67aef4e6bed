import './route-params.css';
/** Placeholder helper: shows a page's route params until the page itself is built. */
export function RouteParams({ params }: { params: Record<string, string | undefined> }) {
  const entries = Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined);
  if (entries.length === 0) return null;
  return (
    <dl className="route-params">
      {entries.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
