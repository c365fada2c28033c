import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP stand-in (a provider, a family's webhook) on a free port of 127.0.0.1: `answer` gets each request
 * with its whole body as text. Answers the server and its origin, `http://127.0.0.1:<port>`.
 */
export async function startStandInServer(answer: (request: http.IncomingMessage, body: string, response: http.ServerResponse) => void) {
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => answer(request, body, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
