// The full database schema, for the Drizzle client and drizzle-kit. Tables live in schema/<area>.ts.
export * from './schema/users';
export * from './schema/catalogue';
export * from './schema/settings';
export * from './schema/newsletter';
export * from './schema/password-reset-tokens';
export * from './schema/announcements';
export * from './schema/notes';
export * from './schema/notifications';
export * from './schema/calendar-feeds';
export * from './schema/admissions';
export * from './schema/attendance';
export * from './schema/absence-calls';
export * from './schema/audit-log';
export * from './schema/jobs';
export * from './schema/tests';
export * from './schema/fees';
export * from './schema/parents';
