import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postWebhook } from '@/lib/events/post-webhook';

/*
 * Issue 16 item 19: a receiver that closes idle keep-alive connections after 2 s (gunicorn's default
 * `keepalive`). The server runs in a worker thread, so it closes the connection on time while this
 * thread is busy, as a worker busy rendering and recording other deliveries is: the next POST then
 * reuses the socket the receiver has already closed. Node answers ECONNRESET ("socket hang up") on
 * a reused socket (request.reusedSocket), which the delivery must retry at once on a new connection.
 */
const serverSource = `
  const http = require('node:http');
  const { parentPort } = require('node:worker_threads');
  let requests = 0;
  const connections = new Set();
  // gunicorn's sync worker: an idle keep-alive connection is closed 2 s after its last response, exactly.
  const server = http.createServer((request, response) => {
    clearTimeout(request.socket.idleTimer);
    request.resume();
    request.on('end', () => { requests += 1; response.writeHead(200, { 'content-type': 'text/plain' }).end('ok'); });
    response.on('finish', () => { request.socket.idleTimer = setTimeout(() => request.socket.destroy(), 2000); });
  });
  server.keepAliveTimeout = 60000; // Node's own idle close (at 2 s plus up to a second) stays out of the way
  server.on('connection', (socket) => connections.add(socket));
  server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }));
  parentPort.on('message', (message) => {
    if (message === 'stats') parentPort.postMessage({ requests, connections: connections.size });
    if (message === 'close') { server.closeAllConnections(); server.close(() => parentPort.postMessage({ closed: true })); }
  });
`;

let worker: Worker;
let port: number;
const ask = async <T>(message: string): Promise<T> => {
  const reply = once(worker, 'message');
  worker.postMessage(message);
  return (await reply)[0] as T;
};

beforeAll(async () => {
  worker = new Worker(serverSource, { eval: true });
  port = ((await once(worker, 'message'))[0] as { port: number }).port;
});
afterAll(async () => {
  await ask('close');
  await worker.terminate();
});

/** Blocks this thread (a worker busy with other deliveries): the receiver's close is not seen before the next POST. */
const busyFor = (ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until);
};

describe('a receiver that closes idle connections after 2 s', () => {
  it('gets the next event at once on a new connection, not a failed attempt', async () => {
    const url = `http://127.0.0.1:${port}/hook`;
    const first = await postWebhook(url, { 'content-type': 'application/json' }, '{"n":1}');
    expect(first).toMatchObject({ statusCode: 200, error: null });
    await new Promise((resolve) => setTimeout(resolve, 100)); // the response's end puts the socket back in the agent's pool
    busyFor(2_600);
    const second = await postWebhook(url, { 'content-type': 'application/json' }, '{"n":2}');
    // Without the retry: { statusCode: null, error: 'connection failed', code: 'ECONNRESET' }, and a back-off minute.
    expect(second).toMatchObject({ statusCode: 200, error: null, retriedStaleSocket: true });
    expect(await ask<{ requests: number; connections: number }>('stats')).toEqual({ requests: 2, connections: 2 });
  });

  it('a connection refused is not retried and names no address or port', async () => {
    const closed = await postWebhook('http://127.0.0.1:9/hook', {}, '{}');
    expect(closed).toMatchObject({ statusCode: null, error: 'connection failed', code: 'ECONNREFUSED' });
    expect(closed.retriedStaleSocket).toBeUndefined();
  });
});
