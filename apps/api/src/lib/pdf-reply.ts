import type { FastifyReply } from 'fastify';

/**
 * Sends a PDF of someone's records (a receipt, a fee slip, a sign-in slip): private, never cached, never
 * read as another type. `inline` opens it in the browser, `attachment` downloads it.
 */
export function sendPrivatePdf(reply: FastifyReply, pdf: Buffer, fileName: string, disposition: 'inline' | 'attachment') {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `${disposition}; filename="${fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(pdf);
}
