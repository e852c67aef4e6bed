import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { isAdmin, readStoredUser } from '../../lib/stored-user.ts';

/**
 * Client-side guard for /admin-panel (spec section 6). It lives in the public bundle so that a
 * visitor who is not an admin never downloads the admin chunks. The server checks again.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  if (!isAdmin(readStoredUser())) return <Redirect to="~/admin-access" replace />;
  return children;
}
