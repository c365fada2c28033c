import type { Messages } from '@lingui/core';
import type { Language } from '@academy/shared/languages';
import type { FirstScreenMessages, MessageChunk } from './message-areas';

type Loader = () => Promise<{ messages: Messages }>;

/**
 * Each chunk of the signed-in catalog in each language (`app.po?area=…`, compiled by
 * build/area-messages.ts): an area's, or a first screen's, messages (lib/message-areas.ts).
 */
export const areaLoaders: Record<MessageChunk, Record<Language, Loader>> = {
  'admin': {
    en: () => import('../locales/en/app.po?area=admin'),
    mr: () => import('../locales/mr/app.po?area=admin'),
    hi: () => import('../locales/hi/app.po?area=admin'),
  },
  'teacher': {
    en: () => import('../locales/en/app.po?area=teacher'),
    mr: () => import('../locales/mr/app.po?area=teacher'),
    hi: () => import('../locales/hi/app.po?area=teacher'),
  },
  'student': {
    en: () => import('../locales/en/app.po?area=student'),
    mr: () => import('../locales/mr/app.po?area=student'),
    hi: () => import('../locales/hi/app.po?area=student'),
  },
  'parent': {
    en: () => import('../locales/en/app.po?area=parent'),
    mr: () => import('../locales/mr/app.po?area=parent'),
    hi: () => import('../locales/hi/app.po?area=parent'),
  },
  'pay': {
    en: () => import('../locales/en/app.po?area=pay'),
    mr: () => import('../locales/mr/app.po?area=pay'),
    hi: () => import('../locales/hi/app.po?area=pay'),
  },
  'operator': {
    en: () => import('../locales/en/app.po?area=operator'),
    mr: () => import('../locales/mr/app.po?area=operator'),
    hi: () => import('../locales/hi/app.po?area=operator'),
  },
  'admin-dashboard': {
    en: () => import('../locales/en/app.po?area=admin-dashboard'),
    mr: () => import('../locales/mr/app.po?area=admin-dashboard'),
    hi: () => import('../locales/hi/app.po?area=admin-dashboard'),
  },
  'teacher-dashboard': {
    en: () => import('../locales/en/app.po?area=teacher-dashboard'),
    mr: () => import('../locales/mr/app.po?area=teacher-dashboard'),
    hi: () => import('../locales/hi/app.po?area=teacher-dashboard'),
  },
  'teacher-attendance': {
    en: () => import('../locales/en/app.po?area=teacher-attendance'),
    mr: () => import('../locales/mr/app.po?area=teacher-attendance'),
    hi: () => import('../locales/hi/app.po?area=teacher-attendance'),
  },
  'student-dashboard': {
    en: () => import('../locales/en/app.po?area=student-dashboard'),
    mr: () => import('../locales/mr/app.po?area=student-dashboard'),
    hi: () => import('../locales/hi/app.po?area=student-dashboard'),
  },
  'student-online-tests': {
    en: () => import('../locales/en/app.po?area=student-online-tests'),
    mr: () => import('../locales/mr/app.po?area=student-online-tests'),
    hi: () => import('../locales/hi/app.po?area=student-online-tests'),
  },
  'parent-dashboard': {
    en: () => import('../locales/en/app.po?area=parent-dashboard'),
    mr: () => import('../locales/mr/app.po?area=parent-dashboard'),
    hi: () => import('../locales/hi/app.po?area=parent-dashboard'),
  },
  'parent-fees': {
    en: () => import('../locales/en/app.po?area=parent-fees'),
    mr: () => import('../locales/mr/app.po?area=parent-fees'),
    hi: () => import('../locales/hi/app.po?area=parent-fees'),
  },
};

/**
 * A drawn first screen's share of the public catalog (`public.po?area=…`, build/area-messages.ts): the
 * public messages its shell and screen can reach, about 1 kB instead of the whole catalog's 6.5–8 kB.
 * The app takes the screen over with it; the whole `public` loads right after (catalogs.ts, `standIn`).
 */
export type PublicFirstScreen = `public-${FirstScreenMessages}`;

export const publicFirstScreenLoaders: Record<PublicFirstScreen, Record<Language, Loader>> = {
  'public-admin-dashboard': {
    en: () => import('../locales/en/public.po?area=admin-dashboard'),
    mr: () => import('../locales/mr/public.po?area=admin-dashboard'),
    hi: () => import('../locales/hi/public.po?area=admin-dashboard'),
  },
  'public-teacher-dashboard': {
    en: () => import('../locales/en/public.po?area=teacher-dashboard'),
    mr: () => import('../locales/mr/public.po?area=teacher-dashboard'),
    hi: () => import('../locales/hi/public.po?area=teacher-dashboard'),
  },
  'public-teacher-attendance': {
    en: () => import('../locales/en/public.po?area=teacher-attendance'),
    mr: () => import('../locales/mr/public.po?area=teacher-attendance'),
    hi: () => import('../locales/hi/public.po?area=teacher-attendance'),
  },
  'public-student-dashboard': {
    en: () => import('../locales/en/public.po?area=student-dashboard'),
    mr: () => import('../locales/mr/public.po?area=student-dashboard'),
    hi: () => import('../locales/hi/public.po?area=student-dashboard'),
  },
  'public-student-online-tests': {
    en: () => import('../locales/en/public.po?area=student-online-tests'),
    mr: () => import('../locales/mr/public.po?area=student-online-tests'),
    hi: () => import('../locales/hi/public.po?area=student-online-tests'),
  },
  'public-parent-dashboard': {
    en: () => import('../locales/en/public.po?area=parent-dashboard'),
    mr: () => import('../locales/mr/public.po?area=parent-dashboard'),
    hi: () => import('../locales/hi/public.po?area=parent-dashboard'),
  },
  'public-parent-fees': {
    en: () => import('../locales/en/public.po?area=parent-fees'),
    mr: () => import('../locales/mr/public.po?area=parent-fees'),
    hi: () => import('../locales/hi/public.po?area=parent-fees'),
  },
};
