/**
 * What a parent may reply on WhatsApp to stop the academy's WhatsApp messages, or to start them again
 * (issue 37), in English, Marathi and Hindi. Compared whole, ignoring case and a closing full stop.
 */
export const STOP_REPLIES = ['stop', 'unsubscribe', 'बंद', 'थांबवा', 'रोको'] as const;
export const START_REPLIES = ['start', 'सुरू', 'शुरू'] as const;

/** Whether a reply is one of these words. */
export function isReplyWord(words: readonly string[], reply: string): boolean {
  const said = reply.trim().replace(/[.!]+$/, '').trim().toLowerCase();
  return words.includes(said);
}
