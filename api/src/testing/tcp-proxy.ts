import net from 'node:net';

/** A TCP proxy on 127.0.0.1 that a fault test can cut and restore (test:faults). */
export interface TcpProxy {
  /** The port clients connect to. */
  port: number;
  /**
   * Cuts the link: every open connection is reset on both sides and new ones are refused (the port stops
   * listening), as when the server behind it goes away.
   */
  cut(): Promise<void>;
  /** Listens again on the same port and forwards new connections. */
  restore(): Promise<void>;
  /** Connections forwarded since the start. */
  connections(): number;
  close(): Promise<void>;
}

/** Starts a proxy from a free port on 127.0.0.1 (or `port`) to `target`. */
export async function startTcpProxy(target: { host: string; port: number }, port = 0): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let forwarded = 0;
  const server = net.createServer((client) => {
    forwarded++;
    const upstream = net.connect(target.port, target.host);
    open.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const listen = (p: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(p, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      // A reset, not a polite end: the client sees its connection fail as in a crash or a network cut.
      for (const socket of open) socket.resetAndDestroy();
      open.clear();
    });
  const bound = await listen(port);
  return {
    port: bound,
    cut: stop,
    restore: async () => {
      if (!server.listening) await listen(bound);
    },
    connections: () => forwarded,
    close: stop,
  };
}
