import { Link } from 'wouter';
import { useAdminMessages } from '../../../i18n/admin.ts';
import './admin-home.css';

/** Admin home: a welcome page listing the areas (spec section 2). */
export function AdminHomePage() {
  const m = useAdminMessages();
  const areas = [
    { path: '/holidays', label: m.admin.holidays, about: m.areas.holidays },
    { path: '/lines', label: m.admin.lines, about: m.areas.lines },
    { path: '/lines', label: m.admin.routes, about: m.areas.routes },
    { path: '/bus-stops', label: m.admin.busStops, about: m.areas.busStops },
    { path: '/yearly-rules', label: m.admin.yearlyRules, about: m.areas.yearlyRules },
    { path: '/schedules', label: m.admin.schedules, about: m.areas.schedules },
    { path: '/history', label: m.admin.history, about: m.areas.history },
    { path: '/publishing', label: m.admin.publishing, about: m.areas.publishing },
    { path: '/timetable-check', label: m.check.menu, about: m.check.about },
  ];
  return (
    <>
      <h1>{m.admin.welcome}</h1>
      <p>{m.admin.intro}</p>
      <ul className="area-list">
        {areas.map((area) => (
          <li key={area.label} className="area-card">
            <Link href={area.path} className="area-card__link">
              {area.label}
            </Link>
            <p className="area-card__about">{area.about}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
