import { useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { HOMEWORK_MAX_FILES } from '@academy/shared/schemas/homework';
import { useCurrentUser } from '../../../lib/session';
import { discardHandIn, keepHandIn, onHandInProgress } from '../hand-in-outbox';
import { shrinkPicture } from '../shrink-picture';
import { useHandInOutbox, useSendHandIns } from './hand-in-outbox';

export type Page = { id: string; file: File; preview: string | null };

let nextId = 0;

/**
 * A hand-in's pages and what is done with them: added (each picture shrunk on the phone), moved,
 * removed, then kept in the phone's outbox and sent; the outbox entry waiting for this homework and
 * its sending progress.
 */
export function useHandInPages(homeworkId: string, title: string) {
  const { t } = useLingui();
  const userId = useCurrentUser()?._id;
  const [pages, setPages] = useState<Page[]>([]);
  const [preparing, setPreparing] = useState(false);
  const [keeping, setKeeping] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const waiting = useHandInOutbox().find((entry) => entry.homeworkId === homeworkId);
  const send = useSendHandIns();
  const pagesRef = useRef(pages);
  useEffect(() => {
    pagesRef.current = pages;
  }, [pages]);

  useEffect(() => () => pagesRef.current.forEach((page) => page.preview && URL.revokeObjectURL(page.preview)), []);

  const add = async (files: File[]) => {
    if (files.length === 0) return;
    setPreparing(true);
    setError(null);
    try {
      const shrunk = await Promise.all(files.map((file) => shrinkPicture(file)));
      setPages((current) =>
        [...current, ...shrunk.map((file) => ({ id: `page-${(nextId += 1)}`, file, preview: file.type.startsWith('image/') ? URL.createObjectURL(file) : null }))].slice(0, HOMEWORK_MAX_FILES),
      );
    } finally {
      setPreparing(false);
    }
  };
  const move = (index: number, by: -1 | 1) =>
    setPages((current) => {
      const next = [...current];
      const [page] = next.splice(index, 1);
      next.splice(index + by, 0, page!);
      return next;
    });
  const remove = (index: number) =>
    setPages((current) => {
      const gone = current[index];
      if (gone?.preview) URL.revokeObjectURL(gone.preview);
      return current.filter((_, i) => i !== index);
    });

  useEffect(() => onHandInProgress(homeworkId, setProgress), [homeworkId]);

  const handIn = async () => {
    if (!userId) return;
    setError(null);
    setKeeping(true);
    try {
      await keepHandIn({ userId, homeworkId, title, pages: pagesRef.current.map((page) => ({ name: page.file.name, type: page.file.type, blob: page.file })) });
    } catch {
      setError(t`This phone could not keep the pages. Check its free space and try again.`);
      return;
    } finally {
      setKeeping(false);
    }
    pagesRef.current.forEach((page) => page.preview && URL.revokeObjectURL(page.preview));
    setPages([]);
    await send();
  };

  const discard = () => {
    if (userId) void discardHandIn(userId, homeworkId);
  };

  const busy = preparing || keeping || Boolean(waiting && !waiting.error);
  return { pages, preparing, keeping, progress, error, waiting, busy, add, move, remove, handIn, send, discard };
}
