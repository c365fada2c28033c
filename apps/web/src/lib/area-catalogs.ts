import type { Messages } from '@lingui/core';
import type { Language } from '@academy/shared/languages';
import type { MessageArea } from './message-areas';

type Loader = () => Promise<{ messages: Messages }>;

/**
 * Each area's chunk of the signed-in catalog in each language (`app.po?area=…`, compiled by
 * build/area-messages.ts): the messages of the files that area's screens can reach.
 */
export const areaLoaders: Record<MessageArea, Record<Language, Loader>> = {
  admin: {
    en: () => import('../locales/en/app.po?area=admin'),
    mr: () => import('../locales/mr/app.po?area=admin'),
    hi: () => import('../locales/hi/app.po?area=admin'),
  },
  teacher: {
    en: () => import('../locales/en/app.po?area=teacher'),
    mr: () => import('../locales/mr/app.po?area=teacher'),
    hi: () => import('../locales/hi/app.po?area=teacher'),
  },
  student: {
    en: () => import('../locales/en/app.po?area=student'),
    mr: () => import('../locales/mr/app.po?area=student'),
    hi: () => import('../locales/hi/app.po?area=student'),
  },
  parent: {
    en: () => import('../locales/en/app.po?area=parent'),
    mr: () => import('../locales/mr/app.po?area=parent'),
    hi: () => import('../locales/hi/app.po?area=parent'),
  },
  pay: {
    en: () => import('../locales/en/app.po?area=pay'),
    mr: () => import('../locales/mr/app.po?area=pay'),
    hi: () => import('../locales/hi/app.po?area=pay'),
  },
  operator: {
    en: () => import('../locales/en/app.po?area=operator'),
    mr: () => import('../locales/mr/app.po?area=operator'),
    hi: () => import('../locales/hi/app.po?area=operator'),
  },
};
