import type { FastifyInstance } from 'fastify';
import type { Hosting } from '../config';
import type { createAcademyResolver } from '../modules/academies/hosting';

/**
 * How a job finds its academy's address for the links in what it sends (a mail's logo, issue 78): with
 * many academies its domain or `<slug>.BASE_DOMAIN` with PUBLIC_URL's scheme and port (without PUBLIC_URL,
 * in development, the port this server listens on); with one academy PUBLIC_URL, else this server's address.
 */
export function academyAddressFinder(app: FastifyInstance, resolver: ReturnType<typeof createAcademyResolver>, hosting: Hosting, publicUrl: string | undefined) {
  const listeningPort = () => {
    const address = app.server.address();
    return address && typeof address === 'object' ? address.port : undefined;
  };
  return async (academyId: string): Promise<string | undefined> => {
    const url = publicUrl ? new URL(publicUrl) : undefined;
    if (hosting.mode === 'one') return url ? url.origin : listeningPort() ? `http://localhost:${listeningPort()}` : undefined;
    const address = await resolver.addressOf(academyId, url ? url.protocol.slice(0, -1) : 'http');
    if (!address) return undefined;
    const port = url ? url.port : String(listeningPort() ?? '');
    return port ? `${address}:${port}` : address;
  };
}
