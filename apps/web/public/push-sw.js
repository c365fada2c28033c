/* global self */
// Web Push in the app's service worker (issue 37), loaded by Workbox's generated worker
// (vite.config.ts, workbox.importScripts). A push from the academy carries { title, body, url,
// messageId } (apps/api/src/modules/push): it is shown as a notification, the server is told it was
// shown (the message becomes "delivered"), and a tap opens or focuses the app at `url`.

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  const url = sameOriginUrl(message.url);
  const shown = self.registration.showNotification(message.title || 'Academy', {
    body: message.body || '',
    icon: '/icon-192.png',
    badge: '/icon-192.png',
    // One notification per message: a push repeated by the push service replaces, not doubles.
    tag: message.messageId || undefined,
    data: { url, messageId: message.messageId },
  });
  event.waitUntil(shown.then(() => (message.messageId ? reportShown(message.messageId) : undefined)));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = sameOriginUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const exact = windows.find((client) => client.url === url);
      if (exact) return exact.focus();
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) return open.focus().then((client) => (client && 'navigate' in client ? client.navigate(url) : self.clients.openWindow(url)));
      return self.clients.openWindow(url);
    }),
  );
});

/** Only this app's own pages open from a notification; anything else opens the app's start. */
function sameOriginUrl(value) {
  try {
    const url = new URL(value || '/', self.location.origin);
    return url.origin === self.location.origin ? url.href : new URL('/', self.location.origin).href;
  } catch {
    return new URL('/', self.location.origin).href;
  }
}

/** Tells the server the message was shown (with the session cookie); a failure only loses the receipt. */
function reportShown(messageId) {
  return fetch('/api/push/received', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ messageId }),
  }).catch(() => undefined);
}
