// The full database schema, for the Drizzle client and drizzle-kit. Tables live in schema/<area>.ts.
export * from './schema/users';
export * from './schema/catalogue';
