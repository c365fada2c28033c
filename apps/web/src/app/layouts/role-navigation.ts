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

/** The sidebar of each signed-in area (spec section 2); one shell renders all four. */
export const ROLE_NAVIGATION: Record<Role, AreaNavigation> = {
  admin: {
    title: msg`Admin Panel`,
    dashboardPath: ROLE_HOME.admin,
    profilePath: '/app/profile',
    items: [
      { label: msg`Dashboard`, to: '/app/dashboard', icon: IconLayoutDashboard },
      { label: msg`Subjects`, to: '/app/subjects', icon: IconBook },
      { label: msg`Standards`, to: '/app/standards', icon: IconStairs },
      { label: msg`Teachers`, to: '/app/teachers', icon: IconChalkboard },
      { label: msg`Staff pay`, to: '/app/payroll', icon: IconCoinRupee },
      { label: msg`Batches`, to: '/app/batches', icon: IconUsersGroup },
      { label: msg`Students`, to: '/app/students', icon: IconUsers },
      { label: msg`Parents`, to: '/app/parents', icon: IconUserHeart },
      { label: msg`Import`, to: '/app/import', icon: IconFileImport },
      { label: msg`New Registrations`, to: '/app/registrations', icon: IconUserPlus, count: 'newRegistrations' },
      { label: msg`Fees`, to: '/app/fees', icon: IconCash },
      { label: msg`Question bank`, to: '/app/questions', icon: IconListCheck },
      { label: msg`Online tests`, to: '/app/online-tests', icon: IconDeviceLaptop },
      { label: msg`Announcements`, to: '/app/announcements', icon: IconSpeakerphone },
      { label: msg`Messages`, to: '/app/messages', icon: IconMessage },
      { label: msg`Activity`, to: '/app/activity', icon: IconHistory },
      { label: msg`Backup`, to: '/app/backup', icon: IconDatabaseExport },
      { label: msg`New academic year`, to: '/app/academic-year', icon: IconCalendarRepeat },
      { label: msg`Settings`, to: '/app/settings', icon: IconSettings },
    ],
  },
  teacher: {
    title: msg`Teacher Panel`,
    dashboardPath: ROLE_HOME.teacher,
    profilePath: '/app/teacher/profile',
    items: [
      { label: msg`Dashboard`, to: '/app/teacher/dashboard', icon: IconLayoutDashboard },
      { label: msg`Batches`, to: '/app/teacher/batches', icon: IconUsersGroup },
      { label: msg`Students`, to: '/app/teacher/students', icon: IconUsers },
      { label: msg`Mark Attendance`, to: '/app/teacher/attendance/mark', icon: IconChecklist },
      { label: msg`Student Attendance`, to: '/app/teacher/attendance/student', icon: IconReportAnalytics },
      { label: msg`Notes`, to: '/app/teacher/notes', icon: IconNotes },
      { label: msg`Homework`, to: '/app/teacher/homework', icon: IconNotebook },
      { label: msg`My pay`, to: '/app/teacher/pay', icon: IconCoinRupee },
      { label: msg`Question bank`, to: '/app/teacher/questions', icon: IconListCheck },
      { label: msg`Online tests`, to: '/app/teacher/online-tests', icon: IconDeviceLaptop },
      { label: msg`Announcements`, to: '/app/teacher/announcements', icon: IconSpeakerphone },
    ],
  },
  student: {
    title: msg`Student Panel`,
    dashboardPath: ROLE_HOME.student,
    profilePath: '/app/student/profile',
    items: [
      { label: msg`Dashboard`, to: '/app/student/dashboard', icon: IconLayoutDashboard },
      { label: msg`Batches`, to: '/app/student/batches', icon: IconUsersGroup },
      { label: msg`Attendance`, to: '/app/student/attendance', icon: IconCalendarCheck },
      { label: msg`Tests`, to: '/app/student/tests', icon: IconReportAnalytics },
      { label: msg`Online tests`, to: '/app/student/online-tests', icon: IconDeviceLaptop },
      { label: msg`Schedule`, to: '/app/student/schedule', icon: IconCalendarTime },
      { label: msg`Fees`, to: '/app/student/fees', icon: IconCash },
      { label: msg`Homework`, to: '/app/student/homework', icon: IconNotebook },
      { label: msg`Notes`, to: '/app/student/notes', icon: IconNotes },
      { label: msg`Lectures`, to: '/app/student/lectures', icon: IconPlayerPlay },
      { label: msg`Announcements`, to: '/app/student/announcements', icon: IconSpeakerphone },
    ],
  },
  parent: {
    title: msg`Parent Panel`,
    dashboardPath: ROLE_HOME.parent,
    profilePath: '/app/parent/profile',
    items: [
      { label: msg`Children`, to: '/app/parent/dashboard', icon: IconLayoutDashboard },
      { label: msg`Tests`, to: '/app/parent/tests', icon: IconReportAnalytics },
      { label: msg`Fees`, to: '/app/parent/fees', icon: IconCash },
      { label: msg`Homework`, to: '/app/parent/homework', icon: IconNotebook },
      { label: msg`Notes`, to: '/app/parent/notes', icon: IconNotes },
      { label: msg`Lectures`, to: '/app/parent/lectures', icon: IconPlayerPlay },
      { label: msg`Announcements`, to: '/app/parent/announcements', icon: IconSpeakerphone },
    ],
  },
};

/** A nav item is active on its own page and on the pages below it (e.g. /app/subjects/5/edit). */
export function isNavItemActive(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}
