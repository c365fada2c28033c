/*
 * The parts of the day Marathi and Hindi say before a time ("at 7:00 in the morning"), for calendar.ts's
 * formatClockIn (issue 54). A file of its own, allowed Devanagari like reply-words.ts: the web's time formatting
 * needs these few words without loading the server catalog.
 */

/** The part of the day an hour (0–23) falls in, in Marathi or Hindi. */
export function dayPart(hours: number, language: 'mr' | 'hi'): string {
  if (language === 'mr') {
    if (hours >= 4 && hours < 6) return 'पहाटे';
    if (hours >= 6 && hours < 12) return 'सकाळी';
    if (hours >= 12 && hours < 16) return 'दुपारी';
    if (hours >= 16 && hours < 20) return 'संध्याकाळी';
    return 'रात्री';
  }
  if (hours >= 4 && hours < 12) return 'सुबह';
  if (hours >= 12 && hours < 16) return 'दोपहर';
  if (hours >= 16 && hours < 20) return 'शाम';
  return 'रात';
}
