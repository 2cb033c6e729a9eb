import type { FastifyInstance } from "fastify";

/**
 * Closes the app as a shutdown should: the listener stops at once, idle keep-alive connections are closed, a
 * request arriving on a busy one is answered 503 (`return503OnClosing`), and the requests in flight finish.
 * Whatever is still open after `timeoutMs` is cut, so a slow client or a stuck request cannot hold the
 * process past the bound. Resolves once the server and the app's onClose work (buffered counts) are done.
 */
export async function closeServerWithin(app: FastifyInstance, timeoutMs: number): Promise<void> {
  const cut = setTimeout(() => {
    app.log.warn({ afterMs: timeoutMs }, "requests still in flight at the shutdown bound: closing them");
    app.server.closeAllConnections();
  }, timeoutMs);
  try {
    await app.close();
  } finally {
    clearTimeout(cut);
  }
}
