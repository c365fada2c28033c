import { i18n, setupI18n, type I18n, type Messages } from '@lingui/core';
import type { Language } from '@academy/shared/languages';
import { loadServerMessages } from './server-text';
import { areaLoaders, publicFirstScreenLoaders, type PublicFirstScreen } from './area-catalogs';
import type { FirstScreenMessages, MessageArea, MessageChunk } from './message-areas';

/**
 * The compiled messages, one small chunk per language and catalog (apps/web/lingui.config.ts): the
 * public site loads `public`, each signed-in area adds its own chunk of `app` (its name: `admin`,
 * `student`…, lib/area-catalogs.ts, decision 093), the three policy pages add `legal`. @lingui/vite-plugin
 * compiles each .po file when it is imported, so the translations' PO files are the only source.
 */
export type CatalogName = 'public' | 'legal' | 'platform' | MessageChunk | PublicFirstScreen;

type Loader = () => Promise<{ messages: Messages }>;

const loaders: Record<CatalogName, Record<Language, Loader>> = {
  ...areaLoaders,
  ...publicFirstScreenLoaders,
  public: {
    en: () => import('../locales/en/public.po'),
    mr: () => import('../locales/mr/public.po'),
    hi: () => import('../locales/hi/public.po'),
  },
  legal: {
    en: () => import('../locales/en/legal.po'),
    mr: () => import('../locales/mr/legal.po'),
    hi: () => import('../locales/hi/legal.po'),
  },
  // The platform's own site (issue 55: its page and Start your academy), at the base domain only.
  platform: {
    en: () => import('../locales/en/platform.po'),
    mr: () => import('../locales/mr/platform.po'),
    hi: () => import('../locales/hi/platform.po'),
  },
};

const loaded = new Map<string, Promise<void>>();
const wanted = new Set<CatalogName>(['public']);

function loadOne(language: Language, catalog: CatalogName): Promise<void> {
  const key = `${language}/${catalog}`;
  let pending = loaded.get(key);
  if (!pending) {
    // i18n.load merges into the language's messages, so `public` and an area's chunk add up. A copy: Lingui keeps the
    // first object it is given and merges the next ones into it, which would change the catalog module's own
    // messages (putCatalogsOnTop reads them again).
    pending = loaders[catalog][language]().then(({ messages }) => i18n.load(language, { ...messages }));
    pending.catch(() => loaded.delete(key));
    loaded.set(key, pending);
  }
  return pending;
}

/**
 * Loads every catalog the app uses so far in a language (and keeps it for later switches). Marathi and
 * Hindi also need the shared schemas' messages, for form checks run in the browser: `serverMessages:
 * false` leaves them to the caller (main.tsx loads them once a drawn first screen is taken over, issue 74).
 */
export function loadLanguage(language: Language, { serverMessages = true }: { serverMessages?: boolean } = {}): Promise<void> {
  const extra = language === 'en' || !serverMessages ? [] : [loadServerMessages()];
  return Promise.all([...[...wanted].map((catalog) => loadOne(language, standIns.get(catalog) ?? catalog)), ...extra]).then(() => undefined);
}

/**
 * A catalog's compiled messages in a language (the server puts a first screen's own two in its page, so that
 * taking the screen over waits for no catalog file: each file is a round trip on slow mobile data, issue 74).
 */
export async function catalogMessages(language: Language, catalog: CatalogName): Promise<Messages> {
  return (await loaders[catalog][language]()).messages;
}

/** A catalog the page brought (catalogMessages, entry-server.tsx): loaded without asking for its file. */
export function provideCatalog(language: Language, catalog: CatalogName, messages: Messages): void {
  const key = `${language}/${catalog}`;
  if (!loaded.has(key)) loaded.set(key, Promise.resolve(i18n.load(language, { ...messages })));
}

/** A drawn first screen's own chunks, standing in for its area's and the public catalog until the app has taken the screen over. */
const standIns = new Map<CatalogName, CatalogName>();

/** Adds a catalog (a signed-in area adds its chunk, or the first screen's standing in for it) in the active language. */
export function addCatalog(catalog: CatalogName, language: Language): Promise<void> {
  const chosen = standIns.get(catalog) ?? catalog;
  wanted.add(chosen);
  return loadOne(language, chosen);
}

/**
 * A signed-in first screen (entry-server.tsx) is taken over with its own messages only (decision 093):
 * the area's chunk, every screen's messages, is asked for only once `endStandIns` is called.
 */
export function standIn(area: MessageArea, chunk: FirstScreenMessages): void {
  standIns.set(area, chunk);
  standIns.set('public', `public-${chunk}`);
}

/**
 * After the take-over: each area's own chunk, which the area's other screens wait for (router.tsx), and
 * the whole public catalog. The areas' translations go on top again once all are in: a message in both
 * catalogs is shown as the signed-in screens word it, as the server draws them (putCatalogsOnTop).
 */
export function endStandIns(language: Language): Promise<void> {
  const catalogs = [...standIns.keys()];
  standIns.clear();
  return Promise.all(catalogs.map((catalog) => addCatalog(catalog, language)))
    .then(() => putCatalogsOnTop(language, catalogs.filter((catalog) => catalog !== 'public')))
    .then(() => undefined);
}

/**
 * Puts these catalogs' translations on top again (the server, issue 56): one process draws public pages
 * and signed-in screens with one i18n, and a message in two catalogs may be translated differently in
 * each ("Phone": फोन on the public form, मोबाईल नंबर in the app). A browser opening a public page has
 * only `public` (and `legal`), one opening the app has its area's chunk loaded last: the drawing must say the same.
 * The catalogs must already be loaded (loadLanguage, addCatalog).
 */
export async function putCatalogsOnTop(language: Language, catalogs: CatalogName[]): Promise<void> {
  for (const catalog of catalogs) {
    const { messages } = await loaders[catalog][language]();
    i18n.load(language, { ...messages });
  }
}

/**
 * The office's messages in another language than the one shown, as their own translator: the office,
 * reading in English, prepares a WhatsApp message in the family's Marathi (issue 41). The admin area's
 * chunk, the same the office's screens load in that language, so nothing is downloaded twice.
 */
export async function appTranslatorFor(language: Language): Promise<I18n> {
  const { messages } = await loaders.admin[language]();
  return setupI18n({ locale: language, messages: { [language]: messages } });
}
