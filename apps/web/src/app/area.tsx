import { createContext, useContext } from 'react';
import type { Role } from '@academy/shared/roles';

/**
 * The signed-in area a screen is shown in: its role and the path its links start from ('/app' for the
 * admin, '/app/teacher' for a teacher). The router gives it to every screen of the area, so one screen
 * serves the admin's and the teachers' URLs alike (the question bank, online tests) and words what
 * differs by role.
 */
export type Area = { role: Role; path: string };

const AreaContext = createContext<Area | null>(null);

export const AreaProvider = AreaContext.Provider;

/** The area of the screen; only a screen of a signed-in area (under app/router's `area`) may ask. */
export function useArea(): Area {
  const area = useContext(AreaContext);
  if (!area) throw new Error('useArea: the screen is not inside a signed-in area');
  return area;
}
