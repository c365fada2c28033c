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

/**
 * Words in a parent's WhatsApp message that ask the academy something it answers by itself (issue 60),
 * in Marathi and Hindi (the English ones are patterns in apps/api/src/modules/conversations/auto-answers.ts).
 * Matched as written anywhere in the message: read, not shown.
 */
export const QUESTION_WORDS = {
  fees: ['फी', 'शुल्क', 'बाकी', 'हप्ता', 'किस्त', 'भुगतान', 'पैसे'],
  results: ['निकाल', 'गुण', 'मार्क', 'परिणाम', 'अंक', 'रिजल्ट', 'परीक्षा'],
  contact: ['संपर्क', 'पत्ता', 'पता', 'ऑफिस', 'कार्यालय', 'फोन', 'फ़ोन'],
  classes: ['वर्ग', 'क्लास', 'कक्षा', 'वेळापत्रक', 'बॅच', 'बैच', 'टाइम टेबल', 'लेक्चर'],
} as const;
/** A greeting or a call for help: the parent gets the menu. */
export const MENU_WORDS = ['मेनू', 'मदत', 'मदद', 'नमस्कार', 'नमस्ते'] as const;
/**
 * Words that make up a greeting or a short pleasantry ("hi", "ok", "thanks", "नमस्कार सर", "ठीक आहे",
 * "धन्यवाद जी"), in English (also as Indians type it in Latin letters), Marathi and Hindi. A message made
 * of these words alone says nothing about an absence: it gets the menu and never becomes a reason (issue 73).
 */
export const PLEASANTRY_WORDS = [
  'hi', 'hii', 'hiii', 'hello', 'helo', 'hey', 'hlo', 'good', 'morning', 'afternoon', 'evening', 'gm', 'namaste', 'namaskar', 'namaskaar', 'ram', 'jai', 'shri',
  'ok', 'okay', 'okk', 'k', 'kk', 'fine', 'sure', 'noted', 'yes', 'thanks', 'thank', 'you', 'u', 'thx', 'ty', 'tq', 'sir', 'madam', 'mam', 'maam', 'ji', 'dhanyavad', 'shukriya',
  'menu', 'help', 'start',
  'नमस्कार', 'नमस्ते', 'राम', 'जय', 'श्री', 'हाय', 'हॅलो', 'हेलो', 'हैलो', 'सुप्रभात', 'शुभ', 'सकाळ', 'प्रभात',
  'ओके', 'ठीक', 'आहे', 'है', 'बरं', 'बरे', 'हो', 'हां', 'हाँ', 'जी', 'धन्यवाद', 'शुक्रिया', 'आभार', 'थँक्स', 'थैंक्स', 'सर', 'मॅडम', 'मैडम', 'मेनू', 'मदत', 'मदद',
] as const;
/** Words only Marathi (or only Hindi) uses, to answer in the language the parent wrote in. */
export const MARATHI_MARKERS = ['आहे', 'किती', 'उद्या', 'काय', 'माझ्या', 'निकाल', 'नाही', 'पत्ता', 'वेळापत्रक', 'कधी', 'मुलाचा', 'मुलीचा'] as const;
export const HINDI_MARKERS = ['है', 'कितनी', 'कितना', 'क्या', 'मेरे', 'नहीं', 'पता', 'परिणाम', 'कब', 'बच्चे'] as const;
