import { MESSAGE_KINDS, TEMPLATE_VALUES } from '@academy/shared/schemas/messaging';
import type { MessageKind, MessagingSettings, MessagingSettingsInput } from '@academy/shared/schemas/messaging';

type Templates = Record<MessageKind, string>;

/**
 * What Settings → Messages edits. Credentials are always empty here: the server never sends them back
 * (only whether each is set), and an empty one keeps the stored one.
 */
export interface MessagingFormValues {
  whatsapp: { enabled: boolean; phoneNumberId: string; accessToken: string; appSecret: string; verifyToken: string; templates: Templates };
  sms: { enabled: boolean; authKey: string; senderId: string; templates: Templates };
  fallbackMinutes: number | string;
  quietHours: { enabled: boolean; from: string; to: string };
}

const DEFAULT_QUIET_HOURS = { from: '21:00', to: '07:00' };

function templatesOf(stored: Partial<Record<MessageKind, string>>): Templates {
  return Object.fromEntries(MESSAGE_KINDS.map((kind) => [kind, stored[kind] ?? ''])) as Templates;
}

export function toMessagingFormValues(settings: MessagingSettings): MessagingFormValues {
  return {
    whatsapp: {
      enabled: settings.whatsapp.enabled,
      phoneNumberId: settings.whatsapp.phoneNumberId ?? '',
      accessToken: '',
      appSecret: '',
      verifyToken: '',
      templates: templatesOf(settings.whatsapp.templates),
    },
    sms: { enabled: settings.sms.enabled, authKey: '', senderId: settings.sms.senderId ?? '', templates: templatesOf(settings.sms.templates) },
    fallbackMinutes: settings.fallbackMinutes,
    quietHours: settings.quietHours ? { enabled: true, ...settings.quietHours } : { enabled: false, ...DEFAULT_QUIET_HOURS },
  };
}

/** Only what was typed: a credential left empty is left out (the stored one stays). */
function typed<Key extends string>(key: Key, value: string): Partial<Record<Key, string>> {
  const trimmed = value.trim();
  return trimmed ? ({ [key]: trimmed } as Record<Key, string>) : {};
}

/** The body of PUT /api/admin/settings/messaging. */
export function toMessagingInput(values: MessagingFormValues): MessagingSettingsInput {
  const minutes = values.fallbackMinutes;
  return {
    whatsapp: {
      enabled: values.whatsapp.enabled,
      phoneNumberId: values.whatsapp.phoneNumberId.trim() || null,
      ...typed('accessToken', values.whatsapp.accessToken),
      ...typed('appSecret', values.whatsapp.appSecret),
      ...typed('verifyToken', values.whatsapp.verifyToken),
      templates: trimmedTemplates(values.whatsapp.templates),
    },
    sms: {
      enabled: values.sms.enabled,
      ...typed('authKey', values.sms.authKey),
      senderId: values.sms.senderId.trim() || null,
      templates: trimmedTemplates(values.sms.templates),
    },
    fallbackMinutes: minutes === '' ? Number.NaN : Number(minutes),
    quietHours: values.quietHours.enabled ? { from: values.quietHours.from, to: values.quietHours.to } : null,
  };
}

function trimmedTemplates(templates: Templates): Templates {
  return Object.fromEntries(MESSAGE_KINDS.map((kind) => [kind, templates[kind].trim()])) as Templates;
}

/** The values a kind's template receives, numbered as a WhatsApp template numbers them: ["{{1}} parent", "{{2}} child", …]. */
export function templateValueList(kind: MessageKind): string[] {
  return TEMPLATE_VALUES[kind].map((name, index) => `{{${index + 1}}} ${name}`);
}

/** The full address to give a provider: the site's origin and the server's path ("/api/…"). */
export function webhookAddress(origin: string, path: string): string {
  return `${origin.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
