import { describe, expect, it } from 'vitest';
import { answerLanguage, asksForMenu, isPleasantry, topicOf, topicOfId } from './auto-answers';

describe('what a parent asks on WhatsApp', () => {
  it.each([
    ['How much fees is left?', 'fees'],
    ['फी किती बाकी आहे?', 'fees'],
    ['फीस कितनी बाकी है?', 'fees'],
    ['When is the class tomorrow', 'classes'],
    ['उद्या वर्ग आहे का?', 'classes'],
    ['latest test marks?', 'results'],
    ['परिणाम कब आएगा', 'results'],
    ['office address please', 'contact'],
    ['he has fever', undefined],
    ['classy', undefined],
  ])('finds the topic in English, Marathi and Hindi: %s → %s', (words, topic) => {
    expect(topicOf(words)).toBe(topic);
  });

  it('knows the menu and its row ids', () => {
    expect(asksForMenu('Hi')).toBe(true);
    expect(asksForMenu('नमस्कार')).toBe(true);
    expect(asksForMenu('hi, he is sick')).toBe(false);
    expect(topicOfId('topic:fees')).toBe('fees');
    expect(topicOfId('absence-reason:sick')).toBeUndefined();
  });

  it.each([
    ['फी किती बाकी आहे?', 'en', 'mr'],
    ['फीस कितनी बाकी है?', 'mr', 'hi'],
    ['fees?', 'hi', 'hi'],
    ['फी', 'hi', 'hi'],
  ] as const)('answers in the language of the words when they plainly have one: %s (read in %s) → %s', (words, parentLanguage, language) => {
    expect(answerLanguage(words, parentLanguage)).toBe(language);
  });

  it.each(['Hi', 'hiii', 'Hello sir', 'Good morning madam!', 'ok', 'Okk', 'Thanks', 'thank you 🙏', '👍', 'नमस्कार', 'नमस्कार सर', 'नमस्ते जी', 'ठीक आहे', 'ठीक है', 'धन्यवाद!', 'धन्यवाद 🙏', 'शुक्रिया', 'ओके', 'जय श्री राम'])(
    'knows a greeting or a pleasantry, which is no absence reason: %s',
    (words) => {
      expect(isPleasantry(words)).toBe(true);
    },
  );

  it.each(['तो आजारी आहे, ताप आला आहे', 'He has fever', 'hi, he is sick', 'नमस्कार, तो आजारी आहे', 'ok he will come tomorrow', 'बुखार है', ''])('reads words that say something as no pleasantry: %s', (words) => {
    expect(isPleasantry(words)).toBe(false);
  });
});
