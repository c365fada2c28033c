import { createBrowserRouter, Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { Role } from '@academy/shared/roles';
import { adminDashboardSummaryQueryOptions } from '../features/admin-dashboard/api';
import { teacherScheduleQueryOptions } from '../features/batches/api';
import { studentDashboardQueryOptions } from '../features/student-dashboard/api';
import { parentChildrenQueryOptions } from '../features/parents/api';
import { RequireRole } from '../features/auth/components/require-role';
import { FullScreenLoader } from '../components/ui/full-screen-loader';
import { RouteError } from '../components/ui/route-error';
import { FollowUserLanguage } from '../features/i18n/follow-language';
import { loadCatalog } from '../lib/language';
import { AreaProvider } from './area';
import { RootLayout } from './root-layout';
import { loadSignedInShell } from './signed-in-shell';

/*
 * Every layout and screen is loaded lazily (React Router's `lazy`, each module exporting `Component`),
 * so the landing page never downloads the signed-in areas; a screen's imports are modulepreloaded in
 * the same round as the screen (apps/web/vite.config.ts).
 */

type LazyModule = () => Promise<{ Component: () => React.ReactNode }>;

// The query client the route loaders prefetch into; set once by createAppRouter.
let prefetchClient: QueryClient | undefined;

/**
 * A screen. `prefetch` names the queries it shows first: a route loader starts them while React Router
 * fetches the screen's code (a static loader runs beside `lazy`), so code and data arrive in the same
 * round instead of the data waiting for the code (issue 17). The loader never waits for them and never
 * fails: the screen's own useQuery picks up the answer, or the error, from the cache.
 */
/**
 * A public page that needs a catalog more, loaded with its code (not on every public page): a policy
 * page its legal text, the pay link's page the signed-in words of the Fees screen it shares (its chunk
 * of `app`), the operator's screens theirs.
 */
function withCatalog(catalog: 'legal' | 'pay' | 'operator', load: () => Promise<object>): LazyModule {
  return () => Promise.all([load(), loadCatalog(catalog)]).then(([module]) => module) as ReturnType<LazyModule>;
}

function page(path: string, load: LazyModule, prefetch?: (client: QueryClient) => Promise<void>): RouteObject {
  if (!prefetch) return { path, lazy: load };
  return {
    path,
    lazy: load,
    loader: () => {
      if (prefetchClient) void prefetch(prefetchClient);
      return null;
    },
  };
}

function redirect(path: string, to: string): RouteObject {
  return { path, element: <Navigate to={to} replace /> };
}

/**
 * A screen of an area waits for the area's messages too: a first screen the server drew is taken over
 * with its own (lib/catalogs.ts, standIn), and the area's chunk comes right after (decision 093).
 */
function withAreaMessages(route: RouteObject, role: Role): RouteObject {
  if (typeof route.lazy !== 'function') return route;
  const load = route.lazy as LazyModule;
  return { ...route, lazy: () => Promise.all([load(), loadCatalog(role)]).then(([module]) => module) } as RouteObject;
}

/** A signed-in area: the role guard, then the shared shell configured for that role. */
function area(path: string, role: Role, children: RouteObject[]): RouteObject {
  return {
    path,
    // Screens shared by two areas (the question bank, online tests) read which one they are in: app/area.tsx.
    element: (
      <AreaProvider value={{ role, path: `/${path}` }}>
        <RequireRole roles={[role]} />
      </AreaProvider>
    ),
    children: [
      {
        lazy: async () => {
          // The area's messages (its chunk of the `app` catalog, decision 093) load beside the shell's code.
          const [{ DashboardShell }] = await loadSignedInShell(role);
          return {
            element: (
              <>
                <FollowUserLanguage />
                <DashboardShell role={role} />
              </>
            ),
          };
        },
        children: [
          { index: true, element: <Navigate to={`/${path}/dashboard`} replace /> },
          ...children.map((child) => withAreaMessages(child, role)),
          // An unknown address of the area: a not-found inside the signed-in layout, not the public 404.
          page('*', () => import('./routes/signed-in-not-found')),
        ],
      },
    ],
  };
}

/** The public site, at `/...` in English and again at `/mr/...` and `/hi/...` (issue 20). */
const publicRoutes = (prefix?: 'mr' | 'hi'): RouteObject => ({
  ...(prefix ? { path: prefix } : {}),
  lazy: async () => {
    const { PublicLayout } = await import('./layouts/public-layout');
    return { Component: PublicLayout };
  },
  children: [
    { index: true, lazy: () => import('./routes/public/landing') },
    page('login', () => import('./routes/public/login')),
    page('forgot-password', () => import('./routes/public/forgot-password')),
    page('reset-password/:token', () => import('./routes/public/reset-password')),
    // A new academy's owner, carried signed in from the platform's sign-up (issue 55).
    page('welcome', () => import('./routes/public/welcome')),
    // A fee reminder's pay link (issue 38): the token is the permission, no sign-in.
    page('pay/:token', withCatalog('pay', () => import('./routes/public/pay'))),
    page('about', () => import('./routes/public/about')),
    page('contact', () => import('./routes/public/contact')),
    page('courses', () => import('./routes/public/courses')),
    // A course's own page (issue 41): /courses/{slug}.
    page('courses/:slug', () => import('./routes/public/course')),
    page('resources', () => import('./routes/public/resources')),
    page('admission', () => import('./routes/public/admission')),
    page('terms-of-service', withCatalog('legal', () => import('./routes/public/terms-of-service'))),
    page('privacy-policy', withCatalog('legal', () => import('./routes/public/privacy-policy'))),
    page('cookies-policy', withCatalog('legal', () => import('./routes/public/cookies-policy'))),
    // Any other path (unknown /app/... paths show the signed-in area's own not-found).
    page('*', () => import('./routes/public/not-found')),
  ],
});

// The announcements a teacher, student or parent reads, under their own area's path (app/area.tsx).
const announcementReaderScreens = () => [
  page('announcements', () => import('./routes/reader/announcement-list')),
  page('announcements/:id', () => import('./routes/reader/announcement-detail')),
];

/**
 * The screens the admin and the teachers share (routes/staff/, told apart by useArea()): a batch's exams and
 * their marks, the question bank (issue 40: a teacher sees their subjects' questions) and online tests (a
 * teacher, their batches'). Fresh route objects for each area.
 */
const staffScreens = () => [
  page('batches/:id/tests', () => import('./routes/staff/batch-exams')),
  page('tests/:examId', () => import('./routes/staff/exam-marks')),
  page('tests/:examId/scan', () => import('./routes/staff/exam-scan')),
  page('questions', () => import('./routes/staff/question-list')),
  page('questions/new', () => import('./routes/staff/question-create')),
  page('questions/import', () => import('./routes/staff/question-import')),
  page('questions/:id/edit', () => import('./routes/staff/question-edit')),
  page('online-tests', () => import('./routes/staff/online-test-list')),
  page('online-tests/new', () => import('./routes/staff/online-test-create')),
  page('online-tests/:id', () => import('./routes/staff/online-test-detail')),
  page('online-tests/:id/edit', () => import('./routes/staff/online-test-edit')),
];

const adminRoutes = area('app', 'admin', [
  page('dashboard', () => import('./routes/admin/dashboard'), (client) => client.prefetchQuery(adminDashboardSummaryQueryOptions)),
  page('profile', () => import('./routes/admin/profile')),
  page('backup', () => import('./routes/admin/backup')),
  page('settings', () => import('./routes/admin/settings')),
  page('academic-year', () => import('./routes/admin/academic-year')),
  page('activity', () => import('./routes/admin/activity')),
  page('import', () => import('./routes/admin/import')),
  page('messages', () => import('./routes/admin/messages')),
  // Families' WhatsApp conversations (issue 60).
  page('messages/conversations', () => import('./routes/admin/conversation-list')),
  page('messages/conversations/:id', () => import('./routes/admin/conversation-detail')),
  page('fees', () => import('./routes/admin/fees')),
  page('registrations', () => import('./routes/admin/registration-list')),
  page('registrations/new', () => import('./routes/admin/registration-create')),
  // The season's report (issue 41): before :id, so 'report' is not read as an enquiry.
  page('registrations/report', () => import('./routes/admin/registration-report')),
  page('registrations/:id', () => import('./routes/admin/registration-detail')),
  page('registrations/:id/edit', () => import('./routes/admin/registration-edit')),
  page('students', () => import('./routes/admin/student-list')),
  page('students/create', () => import('./routes/admin/student-create')),
  page('students/:id', () => import('./routes/admin/student-detail')),
  page('students/:id/edit', () => import('./routes/admin/student-edit')),
  page('parents', () => import('./routes/admin/parent-list')),
  page('subjects', () => import('./routes/admin/subject-list')),
  page('subjects/create', () => import('./routes/admin/subject-create')),
  page('subjects/:id', () => import('./routes/admin/subject-detail')),
  page('subjects/:id/edit', () => import('./routes/admin/subject-edit')),
  page('announcements', () => import('./routes/admin/announcement-list')),
  page('announcements/create', () => import('./routes/admin/announcement-create')),
  page('announcements/:id', () => import('./routes/admin/announcement-detail')),
  page('announcements/:id/edit', () => import('./routes/admin/announcement-edit')),
  page('teachers', () => import('./routes/admin/teacher-list')),
  page('teachers/create', () => import('./routes/admin/teacher-create')),
  page('teachers/:id', () => import('./routes/admin/teacher-detail')),
  page('teachers/:id/edit', () => import('./routes/admin/teacher-edit')),
  page('standards', () => import('./routes/admin/standard-list')),
  page('standards/create', () => import('./routes/admin/standard-create')),
  page('standards/:id', () => import('./routes/admin/standard-detail')),
  page('standards/:id/edit', () => import('./routes/admin/standard-edit')),
  page('batches', () => import('./routes/admin/batch-list')),
  page('batches/create', () => import('./routes/admin/batch-create')),
  page('batches/:id', () => import('./routes/admin/batch-detail')),
  page('batches/:id/edit', () => import('./routes/admin/batch-edit')),
  page('batches/:batchId/add-existing-student', () => import('./routes/admin/batch-add-existing-student')),
  ...staffScreens(),
  // Staff pay (issue 58): the month's payroll, payslips and the bank file.
  page('payroll', () => import('./routes/admin/payroll')),
]);

const teacherRoutes = area('app/teacher', 'teacher', [
  page('dashboard', () => import('./routes/teacher/dashboard'), (client) => client.prefetchQuery(teacherScheduleQueryOptions)),
  page('batches', () => import('./routes/teacher/batch-list')),
  page('batches/:id', () => import('./routes/teacher/batch-detail')),
  // Lectures (issue 75, decision 087): added to a batch, recorded in class or uploaded from the phone.
  page('batches/:id/lectures/new', () => import('./routes/teacher/lecture-new')),
  page('lectures/:id/record', () => import('./routes/teacher/lecture-record')),
  page('lectures/:id/upload', () => import('./routes/teacher/lecture-upload')),
  ...staffScreens(),
  page('students', () => import('./routes/teacher/students')),
  page('attendance/mark', () => import('./routes/teacher/mark-attendance')),
  page('attendance/student', () => import('./routes/teacher/student-attendance')),
  page('notes', () => import('./routes/teacher/notes')),
  // Homework (issue 59): set on their batches, checked one student after another.
  page('homework', () => import('./routes/teacher/homework')),
  // One homework at its own address (issue 73): Android's back returns to the list.
  page('homework/:id', () => import('./routes/teacher/homework-detail')),
  // My pay and leave (issue 58).
  page('pay', () => import('./routes/teacher/pay')),
  page('profile', () => import('./routes/teacher/profile')),
  ...announcementReaderScreens(),
]);

const studentRoutes = area('app/student', 'student', [
  page('dashboard', () => import('./routes/student/dashboard'), (client) => client.prefetchQuery(studentDashboardQueryOptions)),
  page('batches', () => import('./routes/student/batches')),
  page('notes', () => import('./routes/student/notes')),
  page('homework', () => import('./routes/student/homework')),
  page('homework/:id', () => import('./routes/student/homework-detail')),
  page('attendance', () => import('./routes/student/attendance')),
  page('tests', () => import('./routes/student/exams')),
  ...announcementReaderScreens(),
  page('profile', () => import('./routes/student/profile')),
  page('schedule', () => import('./routes/student/schedule')),
  page('fees', () => import('./routes/student/fees')),
  page('online-tests', () => import('./routes/student/online-test-list')),
  page('online-tests/attempts/:id', () => import('./routes/student/online-test-attempt')),
  page('online-tests/attempts/:id/result', () => import('./routes/student/online-test-result')),
  // Recorded lectures (issue 75): the batches' ready lectures and their player (hls.js loads only there).
  page('lectures', () => import('./routes/student/lectures')),
  page('lectures/:id', () => import('./routes/student/lecture')),
]);

// The parent's area (issue 21): their children's day, announcements for parents, the children's notes.
const parentRoutes = area('app/parent', 'parent', [
  page('dashboard', () => import('./routes/parent/dashboard'), (client) => client.prefetchQuery(parentChildrenQueryOptions)),
  ...announcementReaderScreens(),
  page('notes', () => import('./routes/parent/notes')),
  page('homework', () => import('./routes/parent/homework')),
  page('homework/:id', () => import('./routes/parent/homework-detail')),
  page('profile', () => import('./routes/parent/profile')),
  // A child's fees and tests (the student's own screens' components), one child at a time.
  page('fees', () => import('./routes/parent/fees')),
  page('tests', () => import('./routes/parent/exams')),
  page('lectures', () => import('./routes/parent/lectures')),
  page('lectures/:id', () => import('./routes/parent/lecture')),
]);

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: FullScreenLoader,
    children: [
      // The platform operator's screens (issue 55), at the base domain (ACADEMY_HOSTING=many): src/app/routes/operator.
      page('operator', withCatalog('operator', () => import('./routes/operator/operator-sign-in'))),
      page('operator/academies', withCatalog('operator', () => import('./routes/operator/operator-academies'))),
      publicRoutes(),
      publicRoutes('mr'),
      publicRoutes('hi'),
      // Kept from the original product: an old link to the teacher dashboard.
      redirect('app/teacher-dashboard', '/app/teacher/dashboard'),
      adminRoutes,
      teacherRoutes,
      studentRoutes,
      parentRoutes,
    ],
  },
];

export function createAppRouter(queryClient: QueryClient) {
  prefetchClient = queryClient;
  return createBrowserRouter(routes);
}
