import { z } from 'zod';
import { LANGUAGES } from '../languages';

/** GET /api/public/share-image/{name}.png and …/courses/{slug}.png: the file's name as it reads. */
export const shareImageParamsSchema = z.object({ file: z.string().min(1).max(320) });

/** The image's language: the page's (English when not said). */
export const shareImageQuerySchema = z.object({ lang: z.enum(LANGUAGES).default('en') });
