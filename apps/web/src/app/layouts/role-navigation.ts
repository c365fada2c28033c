import {
  IconBook,
  IconCalendarCheck,
  IconCalendarRepeat,
  IconCalendarTime,
  IconCash,
  IconCoinRupee,
  IconChalkboard,
  IconChecklist,
  IconDatabaseExport,
  IconDeviceLaptop,
  IconFileImport,
  IconHistory,
  IconLayoutDashboard,
  IconListCheck,
  IconMessage,
  IconNotebook,
  IconNotes,
  IconPlayerPlay,
  IconReportAnalytics,
  IconSettings,
  IconSpeakerphone,
  IconStairs,
  IconUserHeart,
  IconUserPlus,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { ROLE_HOME } from '@academy/shared/roles';
import type { Role } from '@academy/shared/roles';

export interface NavItem {
  label: MessageDescriptor;
  to: string;
  icon: Icon;
  /** A live count shown beside the label (the admin's new registrations). */
  count?: 'newRegistrations';
}

export interface AreaNavigation {
  /** Title at the top of the sidebar. */
  title: MessageDescriptor;
  items: readonly NavItem[];
  dashboardPath: string;
  profilePath: string;
}

/** An entry several areas have: the same label and icon, at each area's own path (`segment` below its base). */
interface SharedEntry {
  label: MessageDescriptor;
  segment: string;
  icon: Icon;
}

const dashboard: SharedEntry = { label: msg`Dashboard`, segment: 'dashboard', icon: IconLayoutDashboard };
const batches: SharedEntry = { label: msg`Batches`, segment: 'batches', icon: IconUsersGroup };
const students: SharedEntry = { label: msg`Students`, segment: 'students', icon: IconUsers };
const fees: SharedEntry = { label: msg`Fees`, segment: 'fees', icon: IconCash };
const tests: SharedEntry = { label: msg`Tests`, segment: 'tests', icon: IconReportAnalytics };
const homework: SharedEntry = { label: msg`Homework`, segment: 'homework', icon: IconNotebook };
const notes: SharedEntry = { label: msg`Notes`, segment: 'notes', icon: IconNotes };
const lectures: SharedEntry = { label: msg`Lectures`, segment: 'lectures', icon: IconPlayerPlay };
const questionBank: SharedEntry = { label: msg`Question bank`, segment: 'questions', icon: IconListCheck };
const onlineTests: SharedEntry = { label: msg`Online tests`, segment: 'online-tests', icon: IconDeviceLaptop };
const announcements: SharedEntry = { label: msg`Announcements`, segment: 'announcements', icon: IconSpeakerphone };

/** Each entry at its path below `base` (e.g. `/app/teacher`). */
function itemsUnder(base: string, entries: readonly (SharedEntry & Pick<NavItem, 'count'>)[]): NavItem[] {
  return entries.map(({ segment, ...entry }) => ({ ...entry, to: `${base}/${segment}` }));
}

/** The sidebar of each signed-in area (spec section 2); one shell renders all four. */
export const ROLE_NAVIGATION: Record<Role, AreaNavigation> = {
  admin: {
    title: msg`Admin Panel`,
    dashboardPath: ROLE_HOME.admin,
    profilePath: '/app/profile',
    items: itemsUnder('/app', [
      dashboard,
      { label: msg`Subjects`, segment: 'subjects', icon: IconBook },
      { label: msg`Standards`, segment: 'standards', icon: IconStairs },
      { label: msg`Teachers`, segment: 'teachers', icon: IconChalkboard },
      { label: msg`Staff pay`, segment: 'payroll', icon: IconCoinRupee },
      batches,
      students,
      { label: msg`Parents`, segment: 'parents', icon: IconUserHeart },
      { label: msg`Import`, segment: 'import', icon: IconFileImport },
      { label: msg`New Registrations`, segment: 'registrations', icon: IconUserPlus, count: 'newRegistrations' },
      fees,
      questionBank,
      onlineTests,
      announcements,
      { label: msg`Messages`, segment: 'messages', icon: IconMessage },
      { label: msg`Activity`, segment: 'activity', icon: IconHistory },
      { label: msg`Backup`, segment: 'backup', icon: IconDatabaseExport },
      { label: msg`New academic year`, segment: 'academic-year', icon: IconCalendarRepeat },
      { label: msg`Settings`, segment: 'settings', icon: IconSettings },
    ]),
  },
  teacher: {
    title: msg`Teacher Panel`,
    dashboardPath: ROLE_HOME.teacher,
    profilePath: '/app/teacher/profile',
    items: itemsUnder('/app/teacher', [
      dashboard,
      batches,
      students,
      { label: msg`Mark Attendance`, segment: 'attendance/mark', icon: IconChecklist },
      { label: msg`Student Attendance`, segment: 'attendance/student', icon: IconReportAnalytics },
      notes,
      homework,
      { label: msg`My pay`, segment: 'pay', icon: IconCoinRupee },
      questionBank,
      onlineTests,
      announcements,
    ]),
  },
  student: {
    title: msg`Student Panel`,
    dashboardPath: ROLE_HOME.student,
    profilePath: '/app/student/profile',
    items: itemsUnder('/app/student', [
      dashboard,
      batches,
      { label: msg`Attendance`, segment: 'attendance', icon: IconCalendarCheck },
      tests,
      onlineTests,
      { label: msg`Schedule`, segment: 'schedule', icon: IconCalendarTime },
      fees,
      homework,
      notes,
      lectures,
      announcements,
    ]),
  },
  parent: {
    title: msg`Parent Panel`,
    dashboardPath: ROLE_HOME.parent,
    profilePath: '/app/parent/profile',
    items: itemsUnder('/app/parent', [
      { ...dashboard, label: msg`Children` },
      tests,
      fees,
      homework,
      notes,
      lectures,
      announcements,
    ]),
  },
};

/** A nav item is active on its own page and on the pages below it (e.g. /app/subjects/5/edit). */
export function isNavItemActive(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}
