import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP relay on loopback in front of the shared PostgreSQL server, so a test can take "the
 * database" away from the processes it points at the relay, without stopping the server others
 * use: `interrupt()` closes the listener and cuts every relayed connection (new ones are refused),
 * `resume()` listens again on the same port.
 */
export interface TcpProxy {
  port: number;
  /** `databaseUrl` with its host and port replaced by the relay's. */
  urlFor(databaseUrl: string): string;
  interrupt(): Promise<void>;
  resume(): Promise<void>;
  close(): Promise<void>;
}

/** Starts a relay on a free loopback port to `target`. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const relay = (client: Socket) => {
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  };
  let server: Server = createServer(relay);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  const stop = async () => {
    const closed = new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  const port = await listen(0);
  return {
    port,
    urlFor: (databaseUrl) => {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    interrupt: stop,
    resume: async () => {
      server = createServer(relay);
      await listen(port);
    },
    close: stop,
  };
}
