/**
 * The public face of Web Push (issue 37): the family outbox sends a message to a parent's installed
 * app with `sendPushToUser` (throws PushNotSentError when no browser took it: try the next channel).
 * The service worker's "shown" report is the family outbox's (it owns the messages: `markPushShown`).
 */
export { PushNotSentError, sendPushToUser, vapidKeys, type PushDeps } from './push.service';
export { pushRoutes } from './push.routes';
