import type { Page } from '@playwright/test';
import { expect, test, DEMO_PASSWORD, DEMO_USERS } from '../fixtures';

// What the service worker does is part of this journey (the project blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/**
 * "Notifications on this phone" on the parent's profile (Web Push, issue 37). Debian's headless
 * Chromium has no push service to register with (no Google push credentials), so the first test
 * stands in for the browser's push service inside the page (PushManager.subscribe/getSubscription
 * answer a subscription like Chrome's, to fcm.googleapis.com) and checks the app and the API around it:
 * permission, the server's key, the subscription saved and removed. The second uses the browser as
 * it is and checks that its refusal is told plainly and leaves notifications off.
 */
const SHOTS = process.env.PUSH_SHOTS; // e.g. /tmp/shots-push: the card at 360 and 1280 px

// The demo parent reads the app in Marathi, the demo student in English.
const PEOPLE = {
  parent: { email: 'parent.patil@demo.academy', profile: '/app/parent/profile', card: 'या फोनवरील सूचना', turnOn: 'या फोनवर सूचना चालू करा', isOn: 'या फोनवर सूचना चालू आहेत', on: 'चालू', off: 'बंद' },
  student: {
    email: DEMO_USERS.student.email,
    profile: '/app/student/profile',
    card: 'Notifications on this phone',
    turnOn: 'Turn on notifications for this phone',
    isOn: 'Notifications are on for this phone',
    on: 'On',
    off: 'Off',
  },
};
type Person = (typeof PEOPLE)[keyof typeof PEOPLE];

async function openProfile(page: Page, person: Person) {
  const response = await page.request.post('/api/auth/login', { data: { email: person.email, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  await page.goto(person.profile);
  await expect(page.getByRole('heading', { name: person.card })).toBeVisible();
  return page.getByRole('region', { name: person.card });
}

for (const [who, person] of Object.entries(PEOPLE)) {
test(`a ${who} turns notifications on and off for this phone`, async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  await page.addInitScript(() => {
    let current: object | null = null;
    const bytes = (length: number, first: string) => first + 'A'.repeat(length - 1);
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${Math.random().toString(36).slice(2)}`;
      current = {
        endpoint,
        options: { userVisibleOnly: true, applicationServerKey: (options?.applicationServerKey as Uint8Array).buffer },
        toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: bytes(87, 'B'), auth: bytes(22, 'A') } }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      };
      return current as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
  });
  const card = await openProfile(page, person);
  await expect(card.getByTestId('push-state')).toHaveText(person.off);

  const saved = page.waitForResponse((response) => response.url().endsWith('/api/push/subscriptions') && response.request().method() === 'POST');
  await card.getByRole('switch', { name: person.turnOn }).click();
  const posted = await saved;
  expect(posted.status()).toBe(200);
  expect(posted.request().postDataJSON()).toMatchObject({ endpoint: expect.stringMatching(/^https:\/\/fcm\.googleapis\.com\/fcm\/send\/e2e-/), keys: { auth: expect.any(String) } });
  await expect(card.getByTestId('push-state')).toHaveText(person.on);
  await expect(card.getByRole('switch', { name: person.isOn })).toBeChecked();
  if (SHOTS) {
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: `${SHOTS}/push-card-on-${who}-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  const removed = page.waitForResponse((response) => response.url().endsWith('/api/push/subscriptions') && response.request().method() === 'DELETE');
  await card.getByRole('switch', { name: person.isOn }).click();
  expect((await removed).status()).toBe(200);
  await expect(card.getByTestId('push-state')).toHaveText(person.off);
  await expect(card.getByRole('switch', { name: person.turnOn })).not.toBeChecked();
});
}

test('without a push service the browser’s refusal is told plainly and notifications stay off', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  const card = await openProfile(page, PEOPLE.student);
  await expect(card.getByTestId('push-state')).toHaveText('Off');
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/push/subscriptions')) posts.push(request.method());
  });
  await card.getByRole('switch', { name: 'Turn on notifications for this phone' }).click();
  await expect(card.getByRole('alert')).toContainText('This browser could not turn on notifications', { timeout: 30_000 });
  await expect(card.getByTestId('push-state')).toHaveText('Off');
  await expect(card.getByRole('switch')).not.toBeChecked();
  expect(posts).toEqual([]);
  if (SHOTS) {
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: `${SHOTS}/push-card-refused-${width}.png` });
    }
  }
});
