import { type MouseEvent, Suspense } from 'react';
import { Link, useLocation } from 'wouter';
import { Loading } from '../../components/loading.tsx';
import { useAdminMessages } from '../../i18n/admin.ts';
import { clearStoredUser } from '../../lib/stored-user-write.ts';
import { AdminApiProvider } from './admin-api.tsx';
import { AdminPages } from './admin-pages.tsx';
import { FlushProvider } from './ui/flush.tsx';
import { ToastProvider } from './ui/toasts.tsx';
import './admin.css';

/**
 * Everything under /admin-panel: side menu and the nested routes (paths relative to the panel).
 * React Query and the tRPC client are provided here, not in the app root, so they load with
 * the admin chunks only.
 */
export function AdminArea() {
  return (
    <AdminApiProvider>
      <ToastProvider>
        <FlushProvider>
          <AdminPanel />
        </FlushProvider>
      </ToastProvider>
    </AdminApiProvider>
  );
}

function AdminPanel() {
  const m = useAdminMessages();
  const [location] = useLocation();
  const current = (path: string) =>
    location === path || (path !== '/' && location.startsWith(`${path}/`)) ? ('page' as const) : undefined;

  const logOut = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    clearStoredUser();
    // Spec: go to / and reload, so no admin state survives in memory.
    window.location.assign('/');
  };

  const items = [
    { path: '/', label: m.admin.home },
    // Issue 40: live buses, what staff look at first during the day.
    { path: '/live', label: m.live.menu },
    { path: '/holidays', label: m.admin.holidays },
    { path: '/bus-stops', label: m.admin.busStops },
    { path: '/lines', label: m.admin.lines },
    { path: '/schedules', label: m.admin.schedules },
    // Issue 41: fares.
    { path: '/fares', label: m.fares.menu },
    // Service changes (issue 27).
    { path: '/service-changes', label: m.serviceChanges.menu },
    // Issue 42: the departure board of a station screen.
    { path: '/board', label: m.board.menu },
    { path: '/yearly-rules', label: m.admin.yearlyRules },
    { path: '/history', label: m.admin.history },
    { path: '/publishing', label: m.admin.publishing },
    { path: '/timetable-check', label: m.check.menu },
    // The changes between buses.
    { path: '/change-rules', label: m.admin.changeRules },
    // Issue 37: the refused sign-ins.
    { path: '/sign-ins', label: m.signIns.menu },
  ];

  return (
    <div className="admin">
      <nav className="admin-menu" aria-label={m.admin.menuLabel}>
        <ul>
          {items.map((item) => (
            <li key={item.path}>
              <Link href={item.path} aria-current={current(item.path)}>
                {item.label}
              </Link>
            </li>
          ))}
          <li className="admin-menu__logout">
            <a href="/" onClick={logOut}>
              {m.admin.logOut}
            </a>
          </li>
        </ul>
      </nav>
      <div className="admin-content">
        <Suspense fallback={<Loading />}>
          <AdminPages />
        </Suspense>
      </div>
    </div>
  );
}
