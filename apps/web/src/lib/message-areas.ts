/**
 * The signed-in catalog's chunks (docs/decisions/093-a-message-chunk-per-area.md): app.po is translated
 * as one file per language and sent as one chunk per area, holding the messages that area's screens can
 * reach (apps/web/build/message-areas.ts decides which, at build time). The four roles' areas, the pay
 * link's page and the platform operator's screens.
 */
export const MESSAGE_AREAS = ['admin', 'teacher', 'student', 'parent', 'pay', 'operator'] as const;
export type MessageArea = (typeof MESSAGE_AREAS)[number];
