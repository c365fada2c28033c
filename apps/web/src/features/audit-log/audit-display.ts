import { AUDIT_ENTITY_LABELS, AUDIT_ENTITY_TYPES, type AuditEntityType } from '@academy/shared/schemas/audit-log';

/** "parentPhone" → "Parent phone", "standardId" → "Standard". */
export function fieldLabel(field: string): string {
  const words = field
    .replace(/Id$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A recorded value as one line of text; empty values read "(empty)". */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map((item) => displayValue(item)).join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function entityLabel(type: string): string {
  return (AUDIT_ENTITY_TYPES as readonly string[]).includes(type) ? AUDIT_ENTITY_LABELS[type as AuditEntityType] : type;
}

export const ENTITY_TYPE_OPTIONS = AUDIT_ENTITY_TYPES.map((type) => ({ value: type, label: AUDIT_ENTITY_LABELS[type] }));
