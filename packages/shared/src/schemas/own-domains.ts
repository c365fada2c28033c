import { z } from 'zod';

/**
 * An academy's own domain (issue 55): `www.shreeacademy.in` beside `shree.<BASE_DOMAIN>`, served once the
 * academy proves it holds the domain (a DNS TXT record or a file on the domain's present site). Shared by
 * the API and the settings screen, so both refuse the same input with the same words.
 */

/** How many domains an academy may have (verified or waiting). */
export const OWN_DOMAINS_MAX = 5;
/** The TXT record's name is `_academy.` + the domain; the file is at this path on the domain. */
export const OWN_DOMAIN_TXT_PREFIX = '_academy.';
export const OWN_DOMAIN_FILE_PATH = '/.well-known/academy-verification';

export const OWN_DOMAIN_MESSAGES = {
  required: 'Enter your domain, for example www.shreeacademy.in',
  invalid: 'Enter a domain like www.shreeacademy.in: letters, digits, hyphens and dots only, no spaces',
  platform: 'This is already your academy address here. Enter a domain you bought, for example www.shreeacademy.in',
  added: 'Domain added. Prove it is yours with one of the two ways below, then press Check now.',
  already: 'This domain is already added',
  tooMany: `An academy can have at most ${OWN_DOMAINS_MAX} domains. Remove one first`,
  taken: 'Another academy on this platform has already proved this domain is theirs',
  verified: 'Domain verified. Your site now answers at this address too.',
  notYet: 'We could not find the TXT record or the file yet. DNS changes can take up to an hour: please check again later.',
  removed: 'Domain removed',
  oneAcademy: 'Your own domain is set up by whoever runs this installation (PUBLIC_URL)',
} as const;

/**
 * What a person types (`https://WWW.ShreeAcademy.in/` included) as a bare lower-case host name, or
 * undefined when it is not one: letters, digits and hyphens in dot-separated labels, at least two labels,
 * a top-level label of letters, no IP addresses, no port or path.
 */
export function normalizeDomain(text: string): string | undefined {
  let host = text.trim().toLowerCase();
  host = host.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  host = host.replace(/[/?#].*$/, '');
  host = host.replace(/\.$/, '');
  if (host.length === 0 || host.length > 253) return undefined;
  const labels = host.split('.');
  if (labels.length < 2) return undefined;
  if (!labels.every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label))) return undefined;
  if (!/^[a-z]{2,63}$/.test(labels.at(-1)!) && !/^xn--[a-z0-9-]+$/.test(labels.at(-1)!)) return undefined;
  return host;
}

export const ownDomainInputSchema = z.object(
  {
    domain: z
      .string({ error: OWN_DOMAIN_MESSAGES.required })
      .max(300, OWN_DOMAIN_MESSAGES.invalid)
      .transform((text, context) => {
        if (text.trim() === '') {
          context.addIssue({ code: 'custom', message: OWN_DOMAIN_MESSAGES.required });
          return z.NEVER;
        }
        const domain = normalizeDomain(text);
        if (domain === undefined) {
          context.addIssue({ code: 'custom', message: OWN_DOMAIN_MESSAGES.invalid });
          return z.NEVER;
        }
        return domain;
      }),
  },
  { error: OWN_DOMAIN_MESSAGES.required },
);
export type OwnDomainInput = z.input<typeof ownDomainInputSchema>;

export const ownDomainSchema = z.object({
  _id: z.string(),
  domain: z.string(),
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
  /** Proof 1: a TXT record with this name and value. */
  txtName: z.string(),
  txtValue: z.string(),
  /** Proof 2: a file at this address holding `txtValue`. */
  fileUrl: z.string(),
  createdAt: z.string(),
});
export type OwnDomain = z.infer<typeof ownDomainSchema>;

export const ownDomainsSchema = z.object({
  /** False with one academy per installation (its address is PUBLIC_URL, set by whoever runs it). */
  available: z.boolean(),
  /** The academy's address on the platform (`https://shree.academy.example.in`): where the domain should point (CNAME). */
  platformHost: z.string().nullable(),
  domains: z.array(ownDomainSchema),
});
export type OwnDomains = z.infer<typeof ownDomainsSchema>;
