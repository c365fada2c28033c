import { z } from 'zod';
import { LANGUAGES } from '../languages';
import { emailSchema, newPasswordSchema } from './auth';
import { otpSchema } from './admissions';
import { indianPhoneSchema } from './phone';

/**
 * Starting an academy at the platform's address (issue 55): the address it wants (`slug`), the owner,
 * the code mailed to the owner. Shared by the API and the sign-up form, so both refuse the same input
 * with the same words.
 */

export const SLUG_MIN_LENGTH = 3;
export const SLUG_MAX_LENGTH = 40;

/**
 * Addresses no academy may take: the platform's own names and the ones people would mistake for it.
 * The one list (the API checks it, the form checks it as typed).
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'www', 'api', 'admin', 'administrator', 'app', 'apps', 'mail', 'email', 'smtp', 'imap', 'pop', 'ftp', 'ns1', 'ns2',
  'operator', 'operators', 'platform', 'static', 'assets', 'cdn', 'media', 'files', 'img', 'images',
  'help', 'support', 'status', 'blog', 'docs', 'demo', 'main', 'login', 'signin', 'sign-in', 'signup', 'sign-up',
  'register', 'account', 'accounts', 'billing', 'pay', 'payments', 'dashboard', 'root', 'system', 'test', 'staging',
  'dev', 'academy', 'academies', 'about', 'contact', 'privacy', 'terms', 'security', 'webhooks', 'metrics', 'health',
  // Names mail clients, hosting panels and certificate checks look up under a domain (issue 71): an
  // academy at mta-sts.<base> or autodiscover.<base> could answer for the whole deployment's mail.
  'mta-sts', 'autodiscover', 'autoconfig', 'webmail', 'cpanel', 'whm', 'localhost', 'internal', 'intranet',
]);

export const SLUG_TOO_SHORT = `The web address must be at least ${SLUG_MIN_LENGTH} characters`;
export const SLUG_TOO_LONG = `The web address must be at most ${SLUG_MAX_LENGTH} characters`;
export const SLUG_CHARACTERS = 'The web address takes only small letters a–z, digits and hyphens (no spaces or commas), starting and ending with a letter or digit';
export const SLUG_RESERVED = 'This web address is reserved. Please choose another';
export const SLUG_TAKEN = 'This web address is already taken. Please choose another';

/**
 * The web address suggested from the academy's name as the owner types it (issue 73): Latin letters and
 * digits, words joined by hyphens, "Shree Classes, Latur" → `shree-classes-latur`. Empty when the name
 * has no Latin letters (a name in Devanagari: the owner types the address).
 */
export function suggestedSlug(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/, '');
}

export type SlugProblem = 'too-short' | 'too-long' | 'characters' | 'reserved';

/** Why a slug cannot be an academy's address (undefined: it can, unless taken). */
export function slugProblem(slug: string): SlugProblem | undefined {
  if (slug.length < SLUG_MIN_LENGTH) return 'too-short';
  if (slug.length > SLUG_MAX_LENGTH) return 'too-long';
  if (!/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/.test(slug) || slug.includes('--')) return 'characters';
  if (RESERVED_SLUGS.has(slug)) return 'reserved';
  return undefined;
}

export const SLUG_PROBLEM_MESSAGES: Record<SlugProblem, string> = {
  'too-short': SLUG_TOO_SHORT,
  'too-long': SLUG_TOO_LONG,
  characters: SLUG_CHARACTERS,
  reserved: SLUG_RESERVED,
};

export const slugSchema = z
  .string({ error: 'Choose the web address of your academy' })
  .trim()
  .superRefine((slug, context) => {
    const problem = slugProblem(slug);
    if (problem) context.addIssue({ code: 'custom', message: SLUG_PROBLEM_MESSAGES[problem] });
  });

export const slugAvailableQuerySchema = z.object({ slug: z.string({ error: 'Choose the web address of your academy' }).trim().toLowerCase().max(100) });
export const slugAvailabilitySchema = z.object({
  available: z.boolean(),
  /** Why not: one of SlugProblem, or `taken`. */
  reason: z.enum(['too-short', 'too-long', 'characters', 'reserved', 'taken']).optional(),
  message: z.string().optional(),
});
export type SlugAvailability = z.infer<typeof slugAvailabilitySchema>;

export const academyVerificationInputSchema = z.object({ email: emailSchema }, { error: 'Email is required' });
export const academyVerificationResultSchema = z.object({ resendAfterSeconds: z.number().int(), validMinutes: z.number().int() });

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const createAcademyInputSchema = z.object(
  {
    name: requiredText('Academy name', 120).min(3, 'Academy name must be at least 3 characters'),
    slug: slugSchema,
    city: requiredText('City', 80),
    /** The street address families come to (issue 73): the academy's address in Settings, on receipts and the site. */
    address: requiredText('Street address', 300),
    /** The academy's phone for families: the site, receipts and payslips show it (no sample numbers). */
    phone: indianPhoneSchema,
    language: z.enum(LANGUAGES, { error: 'Choose a language' }),
    owner: z.object(
      {
        name: requiredText('Your name', 120),
        email: emailSchema,
        password: newPasswordSchema,
      },
      { error: 'Owner details are required' },
    ),
    code: otpSchema,
  },
  { error: 'Academy details are required' },
);
export type CreateAcademyInput = z.input<typeof createAcademyInputSchema>;

export const createdAcademySchema = z.object({
  slug: z.string(),
  /** The academy's own address (`http://shree.localhost:5321`). */
  url: z.string(),
  /** Where the owner's browser goes to arrive signed in: the academy's address with a one-time hand-off token. */
  welcomeUrl: z.string(),
});
export type CreatedAcademy = z.infer<typeof createdAcademySchema>;

/** POST /api/auth/hand-off at the academy's address: the token from the welcome address. */
export const handOffInputSchema = z.object({ token: z.string({ error: 'This sign-in link is not valid' }).trim().min(20, 'This sign-in link is not valid').max(200, 'This sign-in link is not valid') });

/** Minutes the owner's hand-off token lives. */
export const HAND_OFF_VALID_MINUTES = 2;

/** The first-run checklist's items, in the order the dashboard shows them (issue 55). */
export const FIRST_RUN_ITEMS = ['details', 'standards', 'subjects', 'teachers', 'batch', 'register', 'messaging', 'upi'] as const;
export const firstRunChecklistSchema = z.object({ items: z.array(z.object({ key: z.enum(FIRST_RUN_ITEMS), done: z.boolean() })) });
export type FirstRunChecklist = z.infer<typeof firstRunChecklistSchema>;
