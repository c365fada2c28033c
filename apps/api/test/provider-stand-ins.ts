import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins of the two messaging providers' HTTP contracts (tests only; the product never fakes
 * a send): Meta's WhatsApp Cloud API (`POST /{version}/{phone-number-id}/messages`, Bearer token,
 * Graph-style errors such as 131026 for a number not on WhatsApp) and MSG91's Flow API
 * (`POST /api/v5/flow`, `authkey` header). Each records what it was sent.
 */
export type StandInRequest = { path: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown> };

export type ProviderStandIns = {
  base: string;
  whatsapp: StandInRequest[];
  sms: StandInRequest[];
  /** Numbers (91XXXXXXXXXX) that are not on WhatsApp: the Graph API answers error 131026. */
  notOnWhatsApp: Set<string>;
  reset(): void;
  close(): Promise<void>;
};

/**
 * `port`: a fixed one (the end-to-end server is pointed at it before any test runs); 0 picks a free one.
 * `GET /_stand-in/sent` answers what each provider was sent, so an end-to-end test in another process
 * can read the code a parent would have received on their phone.
 */
export async function startProviderStandIns(
  expect: { accessToken: string; phoneNumberId: string; authKey: string; authenticationTemplates?: readonly string[] },
  port = 0,
): Promise<ProviderStandIns> {
  const authenticationTemplates = new Set(expect.authenticationTemplates ?? ['sign_in_code']);
  const whatsapp: StandInRequest[] = [];
  const sms: StandInRequest[] = [];
  const notOnWhatsApp = new Set<string>();
  let sequence = 0;
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const reply = (status: number, body: object) => {
        response.statusCode = status;
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(body));
      };
      if (request.method === 'GET' && request.url === '/_stand-in/sent') return reply(200, { whatsapp: whatsapp.map((sent) => sent.body), sms: sms.map((sent) => sent.body) });
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return reply(400, { error: { code: 100, message: 'Invalid JSON' } });
      }
      const path = request.url ?? '';
      if (request.method === 'POST' && /^\/v\d+\.\d+\/[^/]+\/messages$/.test(path)) {
        if (request.headers.authorization !== `Bearer ${expect.accessToken}`) return reply(401, { error: { code: 190, message: 'Invalid OAuth access token' } });
        if (!path.includes(`/${expect.phoneNumberId}/`)) return reply(400, { error: { code: 100, message: 'Unknown phone number id' } });
        const refusal = whatsAppTemplateRefusal(body, authenticationTemplates);
        if (refusal) return reply(400, { error: { ...refusal, type: 'OAuthException' } });
        whatsapp.push({ path, headers: request.headers, body });
        if (notOnWhatsApp.has(String(body.to))) return reply(400, { error: { code: 131026, message: 'Message undeliverable', type: 'OAuthException' } });
        sequence += 1;
        return reply(200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: `wamid.stand-in-${sequence}` }] });
      }
      if (request.method === 'POST' && path === '/api/v5/flow') {
        if (request.headers.authkey !== expect.authKey) return reply(401, { type: 'error', message: 'Authentication failure' });
        if (!Array.isArray(body.recipients) || typeof body.template_id !== 'string' || (body.unicode !== undefined && body.unicode !== 0 && body.unicode !== 1)) {
          return reply(400, { type: 'error', message: 'Invalid request' });
        }
        sms.push({ path, headers: request.headers, body });
        sequence += 1;
        return reply(200, { type: 'success', message: `msg91-request-${sequence}` });
      }
      return reply(404, { error: { code: 100, message: 'Unknown path' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    whatsapp,
    sms,
    notOnWhatsApp,
    reset() {
      whatsapp.length = 0;
      sms.length = 0;
      notOnWhatsApp.clear();
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

type TextParameter = { type?: unknown; text?: unknown };
type Component = { type?: unknown; sub_type?: unknown; index?: unknown; parameters?: TextParameter[] };

/**
 * What Meta's Cloud API refuses in a template message, with its error: the message's shape (error
 * 100), and for a template of the authentication category (a sign-in code) anything but its one shape,
 * the code as the body's only parameter and as the copy-code button's (error 132000: "Number of
 * parameters does not match the expected number of params"). The expiry is the template's setting.
 */
function whatsAppTemplateRefusal(body: Record<string, unknown>, authenticationTemplates: ReadonlySet<string>): { code: number; message: string } | undefined {
  const template = body.template as { name?: unknown; language?: { code?: unknown }; components?: Component[] } | undefined;
  if (body.messaging_product !== 'whatsapp' || body.type !== 'template' || typeof body.to !== 'string' || !/^\d{10,15}$/.test(body.to)) return { code: 100, message: 'Invalid parameter' };
  if (!template || typeof template.name !== 'string' || typeof template.language?.code !== 'string' || !Array.isArray(template.components)) return { code: 100, message: 'Invalid parameter' };
  const texts = (component: Component | undefined) => (Array.isArray(component?.parameters) && component.parameters.every((p) => p.type === 'text' && typeof p.text === 'string' && p.text !== '') ? component.parameters.map((p) => p.text as string) : undefined);
  if (!authenticationTemplates.has(template.name)) {
    return template.components.every((component) => component.type === 'body' && texts(component)) ? undefined : { code: 100, message: 'Invalid parameter' };
  }
  const mismatch = { code: 132000, message: '(#132000) Number of parameters does not match the expected number of params' };
  if (template.components.length !== 2) return mismatch;
  const [first, second] = template.components;
  const bodyTexts = first?.type === 'body' ? texts(first) : undefined;
  const buttonTexts = second?.type === 'button' && second.sub_type === 'url' && second.index === '0' ? texts(second) : undefined;
  if (bodyTexts?.length !== 1 || buttonTexts?.length !== 1 || bodyTexts[0] !== buttonTexts[0] || bodyTexts[0]!.length > 15) return mismatch;
  return undefined;
}

/** A body as Meta signs it for the webhook: `sha256=` + hex HMAC-SHA256 with the app secret. */
export function metaSignature(appSecret: string, body: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
}

/** Meta's webhook body for one status of one message. */
export function whatsAppStatusBody(id: string, status: 'sent' | 'delivered' | 'read' | 'failed', errorCode?: number): string {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'WABA-ID',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '919800000000', phone_number_id: 'PNID' },
              statuses: [{ id, status, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: '919800000001', ...(errorCode ? { errors: [{ code: errorCode, title: 'error' }] } : {}) }],
            },
          },
        ],
      },
    ],
  });
}

/** Meta's webhook body for a parent's text reply; each reply has its own id unless given (a replay repeats one). */
export function whatsAppReplyBody(from: string, text: string, id = `wamid.in-${randomUUID()}`): string {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: 'WABA-ID', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', messages: [{ from, id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: text } }] } }] }],
  });
}
