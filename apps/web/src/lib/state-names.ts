import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { GST_STATES } from '@academy/shared/gst';
import type { ComboboxItem, OptionsFilter } from '@mantine/core';

/**
 * India's states and union territories by their GST code, in the language shown (issue 72: "महाराष्ट्र",
 * not "Maharashtra", on a Marathi screen). What is stored and sent stays the two-digit code; GST_STATES
 * (packages/shared) is the English, and the API's PDFs have their own catalog (server-catalog `states`).
 */
const STATE_NAMES: Record<string, MessageDescriptor> = {
  '01': msg({ message: 'Jammu and Kashmir', context: 'state' }),
  '02': msg({ message: 'Himachal Pradesh', context: 'state' }),
  '03': msg({ message: 'Punjab', context: 'state' }),
  '04': msg({ message: 'Chandigarh', context: 'state' }),
  '05': msg({ message: 'Uttarakhand', context: 'state' }),
  '06': msg({ message: 'Haryana', context: 'state' }),
  '07': msg({ message: 'Delhi', context: 'state' }),
  '08': msg({ message: 'Rajasthan', context: 'state' }),
  '09': msg({ message: 'Uttar Pradesh', context: 'state' }),
  '10': msg({ message: 'Bihar', context: 'state' }),
  '11': msg({ message: 'Sikkim', context: 'state' }),
  '12': msg({ message: 'Arunachal Pradesh', context: 'state' }),
  '13': msg({ message: 'Nagaland', context: 'state' }),
  '14': msg({ message: 'Manipur', context: 'state' }),
  '15': msg({ message: 'Mizoram', context: 'state' }),
  '16': msg({ message: 'Tripura', context: 'state' }),
  '17': msg({ message: 'Meghalaya', context: 'state' }),
  '18': msg({ message: 'Assam', context: 'state' }),
  '19': msg({ message: 'West Bengal', context: 'state' }),
  '20': msg({ message: 'Jharkhand', context: 'state' }),
  '21': msg({ message: 'Odisha', context: 'state' }),
  '22': msg({ message: 'Chhattisgarh', context: 'state' }),
  '23': msg({ message: 'Madhya Pradesh', context: 'state' }),
  '24': msg({ message: 'Gujarat', context: 'state' }),
  '26': msg({ message: 'Dadra and Nagar Haveli and Daman and Diu', context: 'state' }),
  '27': msg({ message: 'Maharashtra', context: 'state' }),
  '29': msg({ message: 'Karnataka', context: 'state' }),
  '30': msg({ message: 'Goa', context: 'state' }),
  '31': msg({ message: 'Lakshadweep', context: 'state' }),
  '32': msg({ message: 'Kerala', context: 'state' }),
  '33': msg({ message: 'Tamil Nadu', context: 'state' }),
  '34': msg({ message: 'Puducherry', context: 'state' }),
  '35': msg({ message: 'Andaman and Nicobar Islands', context: 'state' }),
  '36': msg({ message: 'Telangana', context: 'state' }),
  '37': msg({ message: 'Andhra Pradesh', context: 'state' }),
  '38': msg({ message: 'Ladakh', context: 'state' }),
  '97': msg({ message: 'Other Territory', context: 'state' }),
};

/** A state's name from its GST code in the language shown; an unknown code as it is. */
export function stateName(code: string, i18n: I18n): string {
  const name = STATE_NAMES[code];
  return name ? i18n._(name) : (GST_STATES[code] ?? code);
}

/** Every state as a picker's options, value the code, label "कर्नाटक (29)", sorted by the name shown. */
export function stateOptions(i18n: I18n): { value: string; label: string }[] {
  return Object.keys(GST_STATES)
    .map((code) => ({ value: code, label: `${stateName(code, i18n)} (${code})` }))
    .sort((a, b) => a.label.localeCompare(b.label, i18n.locale));
}

/** A state picker's search: the name shown, the English name or the code, so "kar" finds "कर्नाटक (29)" on a Marathi screen. */
export const stateFilter: OptionsFilter = ({ options, search }) => {
  const words = search.trim().toLowerCase();
  if (!words) return options;
  return (options as ComboboxItem[]).filter((option) => option.label.toLowerCase().includes(words) || (GST_STATES[option.value] ?? '').toLowerCase().includes(words));
};
