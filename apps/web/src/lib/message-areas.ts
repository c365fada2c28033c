/**
 * The signed-in catalog's chunks (docs/decisions/093-a-message-chunk-per-area-and-per-first-screen.md): app.po is translated
 * as one file per language and sent as one chunk per area, holding the messages that area's screens can
 * reach (apps/web/build/message-areas.ts decides which, at build time). The four roles' areas, the pay
 * link's page and the platform operator's screens.
 */
export const MESSAGE_AREAS = ['admin', 'teacher', 'student', 'parent', 'pay', 'operator'] as const;
export type MessageArea = (typeof MESSAGE_AREAS)[number];

/**
 * A signed-in first screen that the server draws (entry-server.tsx) has a chunk of its own too: the
 * messages of the shell and of that screen alone. The app takes the drawn screen over with it, and loads
 * its area's chunk right after (lib/catalogs.ts, `standIn`), before any other screen of the area shows.
 */
export const FIRST_SCREEN_MESSAGES = {
  'admin-dashboard': 'src/app/routes/admin/dashboard.tsx',
  'teacher-dashboard': 'src/app/routes/teacher/dashboard.tsx',
  'teacher-attendance': 'src/app/routes/teacher/mark-attendance.tsx',
  'student-dashboard': 'src/app/routes/student/dashboard.tsx',
  'student-online-tests': 'src/app/routes/student/online-test-list.tsx',
  'parent-dashboard': 'src/app/routes/parent/dashboard.tsx',
  'parent-fees': 'src/app/routes/parent/fees.tsx',
} as const;
export type FirstScreenMessages = keyof typeof FIRST_SCREEN_MESSAGES;

/** Every chunk of `app`: the areas' and the first screens'. */
export type MessageChunk = MessageArea | FirstScreenMessages;
export const MESSAGE_CHUNKS = [...MESSAGE_AREAS, ...(Object.keys(FIRST_SCREEN_MESSAGES) as FirstScreenMessages[])] as const;

/** The first-screen chunk of a screen's module (a key of Vite's manifest), if it has one. */
export function firstScreenMessagesOf(module: string): FirstScreenMessages | undefined {
  return (Object.keys(FIRST_SCREEN_MESSAGES) as FirstScreenMessages[]).find((name) => FIRST_SCREEN_MESSAGES[name] === module);
}
