import { describe, expect, it } from 'vitest';
import { messagingSettingsInputSchema, type MessagingSettings } from '@academy/shared/schemas/messaging';
import { templateValueList, toMessagingFormValues, toMessagingInput, webhookAddress } from './messaging-form';

const stored: MessagingSettings = {
  whatsapp: {
    enabled: true,
    phoneNumberId: '1234567890',
    accessTokenSet: true,
    appSecretSet: true,
    verifyTokenSet: false,
    templates: { absence: 'absence_alert_v1' },
    webhookPath: '/api/webhooks/whatsapp',
  },
  sms: { enabled: false, authKeySet: false, senderId: null, templates: {}, webhookPath: '/api/webhooks/msg91/abc' },
  fallbackMinutes: 15,
  quietHours: null,
};

describe('Settings → Messages form', () => {
  it('never holds a stored credential: every secret field starts empty', () => {
    const values = toMessagingFormValues(stored);
    expect(values.whatsapp.accessToken).toBe('');
    expect(values.whatsapp.appSecret).toBe('');
    expect(values.whatsapp.verifyToken).toBe('');
    expect(values.sms.authKey).toBe('');
    expect(values.whatsapp.templates.absence).toBe('absence_alert_v1');
    expect(values.whatsapp.templates['fee-reminder']).toBe('');
    expect(values.quietHours.enabled).toBe(false);
  });

  it('leaves out the credentials not typed (the stored ones stay) and sends the typed ones', () => {
    const values = toMessagingFormValues(stored);
    values.whatsapp.appSecret = '  new-app-secret  ';
    const input = toMessagingInput(values);
    expect(input.whatsapp).not.toHaveProperty('accessToken');
    expect(input.whatsapp).not.toHaveProperty('verifyToken');
    expect(input.whatsapp?.appSecret).toBe('new-app-secret');
    expect(input.sms).not.toHaveProperty('authKey');
    expect(input.sms?.senderId).toBeNull();
    expect(input.quietHours).toBeNull();
    expect(input.fallbackMinutes).toBe(15);
    expect(messagingSettingsInputSchema.safeParse(input).success).toBe(true);
  });

  it('sends quiet hours only when on, and an empty minutes field as not a number (the schema says why)', () => {
    const values = toMessagingFormValues({ ...stored, quietHours: { from: '22:00', to: '06:30' } });
    expect(values.quietHours).toEqual({ enabled: true, from: '22:00', to: '06:30' });
    expect(toMessagingInput(values).quietHours).toEqual({ from: '22:00', to: '06:30' });
    values.fallbackMinutes = '';
    expect(messagingSettingsInputSchema.safeParse(toMessagingInput(values)).success).toBe(false);
  });

  it("checks a sender ID with the server's words", () => {
    const values = toMessagingFormValues(stored);
    values.sms.senderId = 'AB12';
    const result = messagingSettingsInputSchema.safeParse(toMessagingInput(values));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['sms', 'senderId']);
  });

  it('numbers the values of a template in order', () => {
    expect(templateValueList('absence')).toEqual(['{{1}} parent', '{{2}} child', '{{3}} date', '{{4}} batch']);
    expect(templateValueList('sign-in-code')).toEqual(['{{1}} code', '{{2}} minutes']);
  });

  it("puts the site's origin before a webhook's path", () => {
    expect(webhookAddress('https://academy.example.in', '/api/webhooks/whatsapp')).toBe('https://academy.example.in/api/webhooks/whatsapp');
    expect(webhookAddress('http://localhost:3000/', 'api/x')).toBe('http://localhost:3000/api/x');
  });
});
