import type { ABSENCE_ALERT_STATUSES, AbsenceAlertTemplates, AcademySettings, ParentAlertSettingsInput } from '@academy/shared/schemas/settings';

type AbsenceAlertStatus = (typeof ABSENCE_ALERT_STATUSES)[number];

/** What the "Absence alerts" section edits; an empty secret keeps the stored one. */
export interface ParentAlertFormValues {
  absenceAlerts: { enabled: boolean; statuses: AbsenceAlertStatus[]; delayMinutes: number | string; templates: AbsenceAlertTemplates };
  parentWebhook: { url: string; secret: string };
}

export function toParentAlertFormValues(settings: Pick<AcademySettings, 'absenceAlerts' | 'parentWebhook'>): ParentAlertFormValues {
  return {
    absenceAlerts: { enabled: settings.absenceAlerts.enabled, statuses: [...settings.absenceAlerts.statuses], delayMinutes: settings.absenceAlerts.delayMinutes, templates: { ...settings.absenceAlerts.templates } },
    parentWebhook: { url: settings.parentWebhook.url ?? '', secret: '' },
  };
}

/**
 * The API's input: the secret is sent only when typed (replace) or when the office clears it (null);
 * an empty address removes the webhook and its secret.
 */
export function toParentAlertInput(values: ParentAlertFormValues, clearSecret = false): ParentAlertSettingsInput {
  const secret = values.parentWebhook.secret.trim();
  return {
    absenceAlerts: { ...values.absenceAlerts, delayMinutes: values.absenceAlerts.delayMinutes === '' ? Number.NaN : Number(values.absenceAlerts.delayMinutes) },
    parentWebhook: { url: values.parentWebhook.url.trim() || null, ...(secret ? { secret } : clearSecret ? { secret: null } : {}) },
  };
}
