import { ActionIcon, Alert, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconZoomIn, IconZoomOut, IconZoomReset } from '@tabler/icons-react';
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
// Served from our own origin (the CSP allows workers from 'self' only), as its own hashed file.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';

GlobalWorkerOptions.workerSrc = workerUrl;

const ZOOMS = [0.75, 1, 1.25, 1.5, 2, 3];

function PdfPage({ document, pageNumber, width, pageCount }: { document: PDFDocumentProxy; pageNumber: number; width: number; pageCount: number }) {
  const { t } = useLingui();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [visible, setVisible] = useState(pageNumber === 1);
  const [aspect, setAspect] = useState(1.414);
  const [rendered, setRendered] = useState(false);

  // Pages render once they come near the screen: a long PDF on a phone draws only what is read.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || visible) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
    }, { rootMargin: '600px 0px' });
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [visible]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !visible || width <= 0) return;
    let cancelled = false;
    let task: ReturnType<Awaited<ReturnType<PDFDocumentProxy['getPage']>>['render']> | undefined;
    void document.getPage(pageNumber).then((page) => {
      if (cancelled) return;
      const unscaled = page.getViewport({ scale: 1 });
      setAspect(unscaled.height / unscaled.width);
      const viewport = page.getViewport({ scale: width / unscaled.width });
      // Sharp on high-density phone screens, within a sane canvas size.
      const ratio = Math.min(window.devicePixelRatio || 1, 3);
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      task = page.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
      task.promise.then(
        () => !cancelled && setRendered(true),
        () => {},
      );
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [document, pageNumber, visible, width]);

  return (
    <div style={{ position: 'relative', width, height: Math.round(width * aspect), background: 'white', boxShadow: '0 1px 4px rgba(0,0,0,0.25)' }}>
      <canvas ref={canvasRef} role="img" aria-label={t`Page ${pageNumber} of ${pageCount}`} data-rendered={rendered ? 'true' : 'false'} style={{ display: 'block', width: '100%', height: '100%' }} />
      {!rendered ? <Loader size="sm" style={{ position: 'absolute', top: '50%', left: '50%', transform: 'translate(-50%, -50%)' }} aria-hidden="true" /> : null}
    </div>
  );
}

/**
 * A PDF drawn page by page on canvases with pdf.js (this module and pdf.js load only when a note is
 * opened). Fits the width of the screen; zoom scrolls sideways. Only the pages near the screen draw.
 */
export function PdfDocumentView({ url }: { url: string }) {
  const { t } = useLingui();
  const containerRef = useRef<HTMLDivElement>(null);
  const [document, setDocument] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  // Bytes of the PDF received so far, and its size when the server said it (progress shown below).
  const [progress, setProgress] = useState<{ loaded: number; total: number } | null>(null);
  const [fitWidth, setFitWidth] = useState(0);
  const [zoom, setZoom] = useState(1);

  useEffect(() => {
    // Same origin, with the session cookie; ranges let a long PDF arrive a piece at a time.
    const task = getDocument({ url, withCredentials: true, isEvalSupported: false, disableAutoFetch: true });
    let loaded: PDFDocumentProxy | undefined;
    task.onProgress = ({ loaded: received, total }: { loaded: number; total: number }) => setProgress({ loaded: received, total });
    task.promise.then(
      (pdf) => {
        loaded = pdf;
        setDocument(pdf);
      },
      () => setFailed(true),
    );
    return () => {
      void task.destroy();
      void loaded?.destroy();
    };
  }, [url]);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const measure = () => setFitWidth(Math.max(200, Math.min(container.clientWidth - 16, 1000)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(container);
    return () => observer.disconnect();
  }, []);

  const zoomIndex = ZOOMS.indexOf(zoom);
  const width = Math.round(fitWidth * zoom);

  return (
    <Stack gap="xs" h="100%">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" c="dimmed" aria-live="polite">
          {document ? plural(document.numPages, { one: '# page', other: '# pages' }) : failed ? '' : t`Opening…`}
        </Text>
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="default" size="lg" aria-label={t`Zoom out`} disabled={zoomIndex <= 0} onClick={() => setZoom(ZOOMS[zoomIndex - 1]!)}>
            <IconZoomOut size={18} aria-hidden="true" />
          </ActionIcon>
          <ActionIcon variant="default" size="lg" aria-label={t`Fit to width`} disabled={zoom === 1} onClick={() => setZoom(1)}>
            <IconZoomReset size={18} aria-hidden="true" />
          </ActionIcon>
          <ActionIcon variant="default" size="lg" aria-label={t`Zoom in`} disabled={zoomIndex >= ZOOMS.length - 1} onClick={() => setZoom(ZOOMS[zoomIndex + 1]!)}>
            <IconZoomIn size={18} aria-hidden="true" />
          </ActionIcon>
        </Group>
      </Group>
      <div ref={containerRef} style={{ flex: 1, overflow: 'auto', background: 'var(--mantine-color-gray-2)', borderRadius: 'var(--mantine-radius-sm)', padding: 8, minHeight: 300 }}>
        {failed ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} title={t`This PDF could not be opened`}>
            <Trans>Try downloading it instead.</Trans>
          </Alert>
        ) : !document || fitWidth === 0 ? (
          <PdfLoadingProgress label={t`Downloading the PDF`} loaded={progress?.loaded} total={progress?.total} />
        ) : (
          <Stack gap={8} align={zoom > 1 ? 'flex-start' : 'center'}>
            {Array.from({ length: document.numPages }, (_unused, index) => (
              <PdfPage key={index} document={document} pageNumber={index + 1} width={width} pageCount={document.numPages} />
            ))}
          </Stack>
        )}
      </div>
    </Stack>
  );
}

/**
 * What is loading, with a bar: determinate when the size is known (the PDF), moving otherwise (the
 * viewer's code). A phone on slow data sees that something is arriving, never a bare spinner.
 */
export function PdfLoadingProgress({ label, loaded, total }: { label: string; loaded?: number | undefined; total?: number | undefined }) {
  const { t } = useLingui();
  const known = loaded !== undefined && total !== undefined && total > 0;
  const percent = known ? Math.min(100, Math.round((loaded / total) * 100)) : 100;
  return (
    <Stack gap={6} py="xl" px="md" maw={360} mx="auto">
      <Text size="sm" ta="center">
        {label}
        {known ? ` ${t`(${Math.round(loaded / 1000)} of ${Math.round(total / 1000)} KB)`}` : '…'}
      </Text>
      <Progress value={percent} animated={!known} striped={!known} aria-label={label} />
    </Stack>
  );
}
