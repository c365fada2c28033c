import { useEffect, useState } from 'react';

/** Where the mark stands in turn (percent of the picture from its top left). */
const PLACES = [
  { top: 8, left: 6 },
  { top: 70, left: 52 },
  { top: 38, left: 30 },
  { top: 12, left: 55 },
  { top: 78, left: 8 },
  { top: 50, left: 60 },
] as const;
/** The mark moves this often, so cropping a corner does not remove it. */
export const WATERMARK_MOVE_MS = 30_000;

/**
 * The viewer's name and ID drawn over the lecture's picture (issue 75, decision 088), moving every 30 s,
 * so a screen recording passed on names whose it was. Faint enough to read the board through it.
 */
export function LectureWatermark({ text }: { text: string }) {
  const [place, setPlace] = useState(() => Math.floor(Math.random() * PLACES.length));
  useEffect(() => {
    const timer = window.setInterval(() => setPlace((one) => (one + 1) % PLACES.length), WATERMARK_MOVE_MS);
    return () => window.clearInterval(timer);
  }, []);
  if (!text) return null;
  const at = PLACES[place]!;
  return (
    <div
      aria-hidden="true"
      data-testid="lecture-watermark"
      style={{
        position: 'absolute',
        top: `${at.top}%`,
        left: `${at.left}%`,
        maxWidth: '44%',
        pointerEvents: 'none',
        userSelect: 'none',
        color: 'rgba(255, 255, 255, 0.55)',
        textShadow: '0 0 2px rgba(0, 0, 0, 0.8)',
        fontSize: 13,
        fontWeight: 600,
        lineHeight: 1.2,
        overflowWrap: 'anywhere',
        transition: 'top 0.6s, left 0.6s',
      }}
    >
      {text}
    </div>
  );
}
