import { Link } from 'wouter';
import { useMessages } from '../../../i18n/index.ts';

/** Admin home: a welcome page listing the areas. */
export function AdminHomePage() {
  const m = useMessages();
  const areas = [
    { path: '/holidays', label: m.admin.holidays },
    { path: '/lines', label: m.admin.lines },
    { path: '/schedules', label: m.admin.routes },
    { path: '/bus-stops', label: m.admin.busStops },
    { path: '/yearly-rules', label: m.admin.yearlyRules },
  ];
  return (
    <>
      <h1>{m.admin.welcome}</h1>
      <ul>
        {areas.map((area) => (
          <li key={area.path}>
            <Link href={area.path}>{area.label}</Link>
          </li>
        ))}
      </ul>
    </>
  );
}
