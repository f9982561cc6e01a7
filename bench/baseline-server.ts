import { createServer } from 'node:http';

/*
 * The machine's own limit: a bare node:http server answering a fixed 200-byte JSON body.
 * Every endpoint of the table is given as a ratio to what this answers in the same run.
 */
const filler = 'x'.repeat(200 - JSON.stringify({ status: 'ok', data: '' }).length);
const body = Buffer.from(JSON.stringify({ status: 'ok', data: filler }));
if (body.length !== 200) throw new Error(`baseline body is ${body.length} bytes, not 200`);

const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  response.end(body);
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write('listening\n');
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
