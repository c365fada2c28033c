// A mail server that accepts everything and keeps nothing, on 127.0.0.1 (scripts/prove-caddy.sh):
// enough for the server's SMTP_URL in production mode and for the doctor's SMTP check (connect,
// EHLO). Usage: node smtp-sink.mjs PORT
import net from 'node:net';

const port = Number(process.argv[2]);
const server = net.createServer((socket) => {
  let inData = false;
  let buffer = '';
  socket.write('220 sink.localhost ESMTP\r\n');
  socket.on('data', (chunk) => {
    buffer += chunk.toString('latin1');
    for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (inData) {
        if (line === '.') {
          inData = false;
          socket.write('250 2.0.0 accepted\r\n');
        }
        continue;
      }
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') socket.write('250-sink.localhost\r\n250 8BITMIME\r\n');
      else if (verb === 'HELO') socket.write('250 sink.localhost\r\n');
      else if (verb === 'DATA') {
        inData = true;
        socket.write('354 go on\r\n');
      } else if (verb === 'QUIT') socket.end('221 bye\r\n');
      else socket.write('250 ok\r\n');
    }
  });
  socket.on('error', () => {});
});
server.listen(port, '127.0.0.1', () => console.log(`SMTP sink on 127.0.0.1:${port}`));
