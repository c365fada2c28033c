import net from 'node:net';

/** A TCP port free on 127.0.0.1 right now (for a stand-in server, or an address where nothing answers). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port: chosen } = server.address() as net.AddressInfo;
      server.close(() => resolve(chosen));
    });
    server.on('error', reject);
  });
}
