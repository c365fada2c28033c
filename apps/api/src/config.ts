import path from 'node:path';
import { z } from 'zod';
import { LECTURE_DEFAULT_MAX_UPLOAD_MB } from '@academy/shared/schemas/lectures';
import { repoRoot } from './paths';

/**
 * The one reader of process.env. Every setting is validated at start-up so a bad value stops the
 * server with a message naming it, instead of failing later in a request.
 */
// "Name <address>" or a bare address; the name may not contain <, > or @.
const MAIL_FROM_PATTERN = /^(?:([^<>@]*)<([^\s<>@]+@[^\s<>@]+)>|([^\s<>@]+@[^\s<>@]+))$/;

/** The messaging providers' real addresses (the defaults of WHATSAPP_API_BASE and MSG91_API_BASE). */
export const REAL_PROVIDERS = { whatsappBase: 'https://graph.facebook.com', msg91Base: 'https://control.msg91.com' } as const;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'NODE_ENV must be development, production or test' }).default('development'),
  PORT: z.coerce.number({ error: 'PORT must be a number' }).int().min(1).max(65535, 'PORT must be between 1 and 65535').default(3000),
  // Unset: 127.0.0.1 outside production (the demo accounts share one published password), 0.0.0.0 in production.
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  // The role that owns the tables, for migrations and restores; DATABASE_URL's role then only serves (decision 068).
  MIGRATION_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'MIGRATION_DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  PUBLIC_URL: z.url({ error: 'PUBLIC_URL must be a full URL such as https://academy.example.in' }).optional(),
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters long').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s/]+/, { error: 'SMTP_URL must look like smtps://user:password@smtp.example.in:465 (or smtp:// for STARTTLS on port 587)', abort: true })
    .refine((value) => URL.canParse(value), 'SMTP_URL is not a valid URL (percent-encode special characters in the user name and password)')
    .optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .regex(MAIL_FROM_PATTERN, 'MAIL_FROM must be an address, optionally with a name: "Shree Academy <office@example.in>"')
    .default('Academy <no-reply@localhost>')
    // Kept apart so a name with a comma ("Shree Academy, Latur") is quoted instead of read as two addresses.
    .transform((value) => {
      const [, name = '', address = value] = MAIL_FROM_PATTERN.exec(value) ?? [];
      return { name: name.trim().replace(/^"(.*)"$/, '$1'), address: address.trim() };
    }),
  // The messaging providers' addresses (issue 37): the real services unless a test or staging points elsewhere.
  WHATSAPP_API_BASE: z.url({ error: 'WHATSAPP_API_BASE must be a full URL such as https://graph.facebook.com' }).default(REAL_PROVIDERS.whatsappBase),
  MSG91_API_BASE: z.url({ error: 'MSG91_API_BASE must be a full URL such as https://control.msg91.com' }).default(REAL_PROVIDERS.msg91Base),
  // Web Push (issue 37): extra push-service hosts (host or host:port, comma-separated) for a test's stand-in; empty: only the browsers' services.
  PUSH_ALLOWED_HOSTS: z.string().trim().default(''),
  // GET /metrics (Prometheus): the bearer token a scraper sends. Unset: only this machine may read them, directly (no proxy).
  METRICS_TOKEN: z.string().trim().min(16, 'METRICS_TOKEN must be at least 16 characters long (e.g. `openssl rand -hex 24`)').optional(),
  // Today's attendance of a batch opens this many minutes before its class starts (issue 54: marked at 05:15 for a
  // 07:00 class, an absence alert at 05:25). 1440: the whole day (tests that mark "today" at any hour).
  ATTENDANCE_OPENS_MINUTES_BEFORE: z.coerce
    .number({ error: 'ATTENDANCE_OPENS_MINUTES_BEFORE must be a number of minutes' })
    .int('ATTENDANCE_OPENS_MINUTES_BEFORE must be a whole number of minutes')
    .min(0, 'ATTENDANCE_OPENS_MINUTES_BEFORE must be between 0 and 1440')
    .max(1440, 'ATTENDANCE_OPENS_MINUTES_BEFORE must be between 0 and 1440')
    .default(30),
  // The largest lecture recording an upload may bring (issue 75), in megabytes.
  LECTURE_MAX_UPLOAD_MB: z.coerce
    .number({ error: 'LECTURE_MAX_UPLOAD_MB must be a number of megabytes' })
    .int('LECTURE_MAX_UPLOAD_MB must be a whole number of megabytes')
    .min(1, 'LECTURE_MAX_UPLOAD_MB must be between 1 and 20480')
    .max(20480, 'LECTURE_MAX_UPLOAD_MB must be between 1 and 20480')
    .default(LECTURE_DEFAULT_MAX_UPLOAD_MB),
  // Many academies on one deployment (issue 55): `one` (default) serves one academy at every address; `many`
  // serves academy <slug> at <slug>.BASE_DOMAIN (or its verified own domain) and the platform (sign-up, operator) at BASE_DOMAIN.
  ACADEMY_HOSTING: z.enum(['one', 'many'], { error: 'ACADEMY_HOSTING must be one or many' }).default('one'),
  BASE_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(?=.{1,200}$)([a-z0-9]([a-z0-9-]*[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/, 'BASE_DOMAIN must be a domain name without scheme or port, such as academy.example.in (localhost in development)')
    .optional(),
  // The DNS servers asked for an own domain's TXT proof (issue 55), comma-separated `ip` or `ip:port`;
  // unset: the machine's own resolver. Tests point it at a stand-in on this machine.
  DOMAIN_CHECK_DNS_SERVERS: z
    .string()
    .trim()
    .regex(/^[0-9a-f.:[\], ]+$/i, 'DOMAIN_CHECK_DNS_SERVERS must be IP addresses (with an optional :port), separated by commas')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((value, context) => {
      const parsed = parseTrustProxy(value);
      if (parsed === undefined) {
        context.addIssue({ code: 'custom', message: TRUST_PROXY_MESSAGE });
        return z.NEVER;
      }
      return parsed;
    }),
});

/** Every variable the server reads (deploy/academy.env.example lists each; a test checks it). */
export const SETTING_NAMES = Object.keys(envSchema.shape);

const TRUST_PROXY_MESSAGE =
  'TRUST_PROXY must be false or a comma-separated list of the addresses of your reverse proxies (e.g. 127.0.0.1 or 10.0.0.2,192.168.1.0/24; `loopback` for a proxy on this machine); `true` and hop counts are refused because they let a client choose its own address';

// An IPv4 or IPv6 address, optionally with a /prefix; proxy-addr (used by Fastify) checks the rest at start-up.
const PROXY_ADDRESS_PATTERN = /^(?:[0-9.]+|[0-9a-f:.]+)(?:\/\d{1,3})?$/i;

/**
 * Which proxies may tell us the client's address (X-Forwarded-For). Never "everyone": a client could
 * then pick its own address and with it a fresh rate-limit allowance on every request.
 */
export type TrustProxy = false | string[];

function parseTrustProxy(value: string): TrustProxy | undefined {
  if (value === 'false' || value === '0') return false;
  // A hop count cannot tell the proxy from a client connecting directly (Fastify 5 ignores it for that reason).
  if (/^\d+$/.test(value)) return undefined;
  const addresses = value.split(',').map((part) => part.trim()).filter(Boolean);
  if (addresses.length === 0 || !addresses.every((address) => PROXY_ADDRESS_PATTERN.test(address) || ['loopback', 'linklocal', 'uniquelocal'].includes(address))) return undefined;
  return addresses;
}

export type Config = {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The tables' owner (migrations, restores); unset: DATABASE_URL's role does everything. Only with DATABASE_URL. */
  migrationDatabaseUrl: string | undefined;
  publicUrl: string | undefined;
  appSecret: string | undefined;
  /** Unset: mails are written to DATA_DIR/outbox instead of being sent. */
  smtpUrl: string | undefined;
  mailFrom: { name: string; address: string };
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  trustProxy: TrustProxy;
  /** Where the WhatsApp Cloud API and MSG91 are reached (no trailing slash). */
  providers: { whatsappBase: string; msg91Base: string };
  /** Push-service hosts accepted besides the browsers' own (lib/push-endpoint.ts); empty by default. */
  pushAllowedHosts: string[];
  /** The bearer token of GET /metrics; unset: only a direct request from this machine is answered (modules/metrics). */
  metricsToken: string | undefined;
  /** Today's attendance of a batch may be marked from this many minutes before its start time (modules/attendance). */
  attendanceOpensMinutesBefore: number;
  /** The largest lecture recording taken, in bytes (modules/lectures). */
  lectureMaxUploadBytes: number;
  /** One academy at every address, or many at their own hosts under `baseDomain` (modules/academies/hosting.ts). */
  hosting: Hosting;
  /** DNS servers for own-domain TXT proofs (modules/academies/own-domains.service.ts); empty: the system's. */
  domainCheckDnsServers: string[];
};

export type Hosting = { mode: 'one' } | { mode: 'many'; baseDomain: string };

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

// Production refuses to start without these: they cannot be generated safely on the fly.
const REQUIRED_IN_PRODUCTION = {
  APP_SECRET: 'APP_SECRET is required in production (a random string of 32+ characters, e.g. `openssl rand -hex 32`); it keys the hashes of one-time codes',
  PUBLIC_URL: 'PUBLIC_URL is required in production (the address people open, e.g. https://academy.example.in); links in mails and the same-origin check use it',
  SMTP_URL: 'SMTP_URL is required in production (e.g. smtps://user:password@smtp.example.in:465); without it password-reset mails would only be written to DATA_DIR/outbox',
} as const;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const { config, problems } = readConfig(env);
  if (problems.length > 0) throw new ConfigError(problems.map((problem) => problem.message));
  return config;
}

/** A setting the server would refuse, by the variable's name (`''` for one about several). */
export type ConfigProblem = { name: string; message: string };

/**
 * For the doctor (issue 71): every problem of the settings in one run, and the configuration the
 * others make, a refused value read as unset, so the doctor's other checks still run.
 */
export function readConfig(env: NodeJS.ProcessEnv = process.env): { config: Config; problems: ConfigProblem[] } {
  // Empty strings in an env file mean "not set".
  const cleaned: Record<string, string | undefined> = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const problems: ConfigProblem[] = [];
  let parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push({ name: String(issue.path[0] ?? ''), message: `${issue.path.join('.')}: ${issue.message}` });
    // Every setting is optional or has a default: without the refused ones the rest parse.
    for (const problem of problems) delete cleaned[problem.name];
    parsed = envSchema.safeParse(cleaned);
    if (!parsed.success) throw new ConfigError(problems.map((problem) => problem.message));
  }
  const values = parsed.data;
  const isProduction = values.NODE_ENV === 'production';
  if (isProduction) {
    for (const name of Object.keys(REQUIRED_IN_PRODUCTION) as (keyof typeof REQUIRED_IN_PRODUCTION)[]) {
      // A value refused above is named once, by what was wrong with it.
      if (!values[name] && !problems.some((problem) => problem.name === name)) problems.push({ name, message: REQUIRED_IN_PRODUCTION[name] });
    }
  }
  if (values.MIGRATION_DATABASE_URL && !values.DATABASE_URL) {
    problems.push({ name: 'MIGRATION_DATABASE_URL', message: 'MIGRATION_DATABASE_URL needs DATABASE_URL (the serving role\'s connection); the bundled PostgreSQL makes both roles itself, so unset it' });
  }
  let hosting: Hosting = { mode: 'one' };
  if (values.ACADEMY_HOSTING === 'many') {
    if (!values.BASE_DOMAIN) {
      problems.push({ name: 'BASE_DOMAIN', message: 'BASE_DOMAIN is required with ACADEMY_HOSTING=many (e.g. academy.example.in; localhost in development): academy <slug> is then at <slug>.BASE_DOMAIN' });
    } else {
      hosting = { mode: 'many', baseDomain: values.BASE_DOMAIN };
      if (values.PUBLIC_URL && new URL(values.PUBLIC_URL).hostname !== values.BASE_DOMAIN) {
        problems.push({ name: 'PUBLIC_URL', message: `PUBLIC_URL must be the platform's own address at BASE_DOMAIN with ACADEMY_HOSTING=many (e.g. https://${values.BASE_DOMAIN})` });
      }
    }
  }
  const config: Config = {
    env: values.NODE_ENV,
    isProduction,
    port: values.PORT,
    host: values.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
    // Relative paths are taken from the repository root, so `npm start` and `npm run academy`
    // find the same data whichever folder npm runs them from.
    dataDir: path.resolve(repoRoot, values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    migrationDatabaseUrl: values.MIGRATION_DATABASE_URL,
    publicUrl: values.PUBLIC_URL?.replace(/\/+$/, ''),
    appSecret: values.APP_SECRET,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    logLevel: values.LOG_LEVEL,
    trustProxy: values.TRUST_PROXY,
    providers: { whatsappBase: values.WHATSAPP_API_BASE.replace(/\/+$/, ''), msg91Base: values.MSG91_API_BASE.replace(/\/+$/, '') },
    pushAllowedHosts: values.PUSH_ALLOWED_HOSTS.split(',')
      .map((host) => host.trim())
      .filter(Boolean),
    metricsToken: values.METRICS_TOKEN,
    attendanceOpensMinutesBefore: values.ATTENDANCE_OPENS_MINUTES_BEFORE,
    lectureMaxUploadBytes: values.LECTURE_MAX_UPLOAD_MB * 1024 * 1024,
    hosting,
    domainCheckDnsServers: (values.DOMAIN_CHECK_DNS_SERVERS ?? '')
      .split(',')
      .map((server) => server.trim())
      .filter(Boolean),
  };
  return { config, problems };
}
