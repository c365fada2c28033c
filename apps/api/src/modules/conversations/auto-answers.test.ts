import { describe, expect, it } from 'vitest';
import { answerLanguage, asksForMenu, topicOf, topicOfId } from './auto-answers';

describe('what a parent asks on WhatsApp', () => {
  it('finds the topic in English, Marathi and Hindi', () => {
    expect(topicOf('How much fees is left?')).toBe('fees');
    expect(topicOf('फी किती बाकी आहे?')).toBe('fees');
    expect(topicOf('फीस कितनी बाकी है?')).toBe('fees');
    expect(topicOf('When is the class tomorrow')).toBe('classes');
    expect(topicOf('उद्या वर्ग आहे का?')).toBe('classes');
    expect(topicOf('latest test marks?')).toBe('results');
    expect(topicOf('परिणाम कब आएगा')).toBe('results');
    expect(topicOf('office address please')).toBe('contact');
    expect(topicOf('he has fever')).toBeUndefined();
    expect(topicOf('classy')).toBeUndefined();
  });

  it('knows the menu and its row ids', () => {
    expect(asksForMenu('Hi')).toBe(true);
    expect(asksForMenu('नमस्कार')).toBe(true);
    expect(asksForMenu('hi, he is sick')).toBe(false);
    expect(topicOfId('topic:fees')).toBe('fees');
    expect(topicOfId('absence-reason:sick')).toBeUndefined();
  });

  it('answers in the language of the words when they plainly have one', () => {
    expect(answerLanguage('फी किती बाकी आहे?', 'en')).toBe('mr');
    expect(answerLanguage('फीस कितनी बाकी है?', 'mr')).toBe('hi');
    expect(answerLanguage('fees?', 'hi')).toBe('hi');
    expect(answerLanguage('फी', 'hi')).toBe('hi');
  });
});
