import { beforeEach, describe, expect, it, vi } from 'vitest';

// The web tests run in Node: the browser's caches, service worker and address are stood in for.
const kept = new Map<string, Response>();
const cache = {
  match: vi.fn(async (address: string) => kept.get(address)),
  put: vi.fn(async (address: string, response: Response) => void kept.set(address, response)),
};
let answerPage: () => Promise<Response>;

async function load(pathname: string, search = '') {
  vi.resetModules();
  vi.stubGlobal('window', { location: { origin: 'https://demo.example', pathname, search } });
  vi.stubGlobal('navigator', { serviceWorker: { ready: Promise.resolve({}) } });
  vi.stubGlobal('caches', { open: vi.fn(async () => cache), delete: vi.fn(async () => kept.clear()) });
  vi.stubGlobal('localStorage', { removeItem: () => undefined });
  vi.stubGlobal('fetch', vi.fn(() => answerPage()));
  return import('./kept-first-screens');
}

const drawnPage = () => new Response('<html>Priya</html>', { headers: { 'content-type': 'text/html; charset=utf-8' } });
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  kept.clear();
  cache.put.mockClear();
  answerPage = async () => drawnPage();
});

describe('keepThisFirstScreen: the first visit kept for the return visit', () => {
  it('keeps a first screen opened before the service worker existed, at its bare address', async () => {
    const { keepThisFirstScreen } = await load('/app/teacher/dashboard');
    keepThisFirstScreen();
    await settled();
    expect(await kept.get('https://demo.example/app/teacher/dashboard')?.text()).toBe('<html>Priya</html>');
  });

  it('asks nothing when a copy is kept, for another screen, or for an address with a query', async () => {
    kept.set('https://demo.example/app/parent/dashboard', drawnPage());
    for (const [pathname, search] of [['/app/parent/dashboard', ''], ['/app/students', ''], ['/app/parent/fees', '?tab=paid']] as const) {
      const { keepThisFirstScreen } = await load(pathname, search);
      keepThisFirstScreen();
      await settled();
    }
    expect(fetch).not.toHaveBeenCalled();
    expect(cache.put).not.toHaveBeenCalled();
  });

  it('drops a page that came while the person signed out: it is theirs, and the phone may be shared', async () => {
    let answer: (response: Response) => void = () => undefined;
    answerPage = () => new Promise((resolve) => (answer = resolve));
    const { keepThisFirstScreen, forgetKeptFirstScreens } = await load('/app/teacher/dashboard');
    keepThisFirstScreen();
    await settled();
    forgetKeptFirstScreens();
    answer(drawnPage());
    await settled();
    expect(cache.put).not.toHaveBeenCalled();
  });

  it('keeps no failed answer or one that is not a page', async () => {
    for (const response of [new Response('', { status: 503 }), new Response('{}', { headers: { 'content-type': 'application/json' } })]) {
      answerPage = async () => response;
      const { keepThisFirstScreen } = await load('/app/student/dashboard');
      keepThisFirstScreen();
      await settled();
    }
    expect(cache.put).not.toHaveBeenCalled();
  });
});
