// A tiny round-robin TCP proxy for the "dos procesos" bench case: each incoming connection
// goes to the next backend in turn and its bytes are piped both ways (HTTP keep-alive
// connections stay on their backend, as with nginx's upstream without sticky sessions).
// Node only, no dependency; not for production (use nginx, see README).
import net from "node:net";

export interface Proxy {
  port: number;
  close(): Promise<void>;
}

export async function startProxy(backends: readonly { host: string; port: number }[]): Promise<Proxy> {
  let next = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const target = backends[next++ % backends.length];
    const upstream = net.connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.setNoDelay(true);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
