import {
  IconBook,
  IconCalendarCheck,
  IconCalendarTime,
  IconChalkboard,
  IconChecklist,
  IconDatabaseExport,
  IconHistory,
  IconLayoutDashboard,
  IconNotes,
  IconReportAnalytics,
  IconSettings,
  IconSpeakerphone,
  IconStairs,
  IconUserPlus,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { ROLE_HOME } from '@academy/shared/roles';
import type { Role } from '@academy/shared/roles';

export interface NavItem {
  label: string;
  to: string;
  icon: Icon;
  /** A live count shown beside the label (the admin's new registrations). */
  count?: 'newRegistrations';
}

export interface AreaNavigation {
  /** Title at the top of the sidebar. */
  title: string;
  items: readonly NavItem[];
  dashboardPath: string;
  profilePath: string;
}

/** The sidebar of each signed-in area (spec section 2); one shell renders all three. */
export const ROLE_NAVIGATION: Record<Role, AreaNavigation> = {
  admin: {
    title: 'Admin Panel',
    dashboardPath: ROLE_HOME.admin,
    profilePath: '/app/profile',
    items: [
      { label: 'Dashboard', to: '/app/dashboard', icon: IconLayoutDashboard },
      { label: 'Subjects', to: '/app/subjects', icon: IconBook },
      { label: 'Standards', to: '/app/standards', icon: IconStairs },
      { label: 'Teachers', to: '/app/teachers', icon: IconChalkboard },
      { label: 'Batches', to: '/app/batches', icon: IconUsersGroup },
      { label: 'Students', to: '/app/students', icon: IconUsers },
      { label: 'New Registrations', to: '/app/registrations', icon: IconUserPlus, count: 'newRegistrations' },
      { label: 'Announcements', to: '/app/announcements', icon: IconSpeakerphone },
      { label: 'Activity', to: '/app/activity', icon: IconHistory },
      { label: 'Backup', to: '/app/backup', icon: IconDatabaseExport },
      { label: 'Settings', to: '/app/settings', icon: IconSettings },
    ],
  },
  teacher: {
    title: 'Teacher Panel',
    dashboardPath: ROLE_HOME.teacher,
    profilePath: '/app/teacher/profile',
    items: [
      { label: 'Dashboard', to: '/app/teacher/dashboard', icon: IconLayoutDashboard },
      { label: 'Batches', to: '/app/teacher/batches', icon: IconUsersGroup },
      { label: 'Students', to: '/app/teacher/students', icon: IconUsers },
      { label: 'Mark Attendance', to: '/app/teacher/attendance/mark', icon: IconChecklist },
      { label: 'Student Attendance', to: '/app/teacher/attendance/student', icon: IconReportAnalytics },
      { label: 'Notes', to: '/app/teacher/notes', icon: IconNotes },
      { label: 'Announcements', to: '/app/teacher/announcements', icon: IconSpeakerphone },
    ],
  },
  student: {
    title: 'Student Panel',
    dashboardPath: ROLE_HOME.student,
    profilePath: '/app/student/profile',
    items: [
      { label: 'Dashboard', to: '/app/student/dashboard', icon: IconLayoutDashboard },
      { label: 'Batches', to: '/app/student/batches', icon: IconUsersGroup },
      { label: 'Attendance', to: '/app/student/attendance', icon: IconCalendarCheck },
      { label: 'Schedule', to: '/app/student/schedule', icon: IconCalendarTime },
      { label: 'Notes', to: '/app/student/notes', icon: IconNotes },
      { label: 'Announcements', to: '/app/student/announcements', icon: IconSpeakerphone },
    ],
  },
};

/** A nav item is active on its own page and on the pages below it (e.g. /app/subjects/5/edit). */
export function isNavItemActive(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}
