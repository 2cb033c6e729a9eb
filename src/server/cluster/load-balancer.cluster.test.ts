/**
 * What HAProxy sends again when a process dies under a request (deploy/haproxy.cfg, as the cluster harness runs
 * it): reads, and writes the server can recognise by their Idempotency-Key, but never a plain write, which the
 * dead process may have committed already. Run by `npm run test:cluster` (needs haproxy).
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startLoadBalancer } from "../../test/cluster.ts";
import { findFreePort } from "../../test/smtp.ts";

/** Two stand-ins for Podium processes: ready, and dropping the connection of any request to /dies. */
const received: string[] = [];
const servers = await Promise.all(
  [0, 1].map(async () => {
    const port = await findFreePort();
    const server = http.createServer((request, response) => {
      request.resume();
      request.on("end", () => {
        if (request.url !== "/dies") return response.end("{}");
        received.push(request.method ?? "");
        request.socket.destroy();
      });
    });
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    return { port, server };
  }),
);
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "podium-load-balancer-"));
const port = await findFreePort();
const loadBalancer = await startLoadBalancer(workDir, port, servers);
afterAll(async () => {
  await loadBalancer.stop();
  for (const { server } of servers) server.close();
  fs.rmSync(workDir, { recursive: true, force: true });
});

/** How many processes the request reached; each is sent on a connection of its own, as a new visitor's is. */
async function timesRun(method: string, headers: Record<string, string> = {}): Promise<number> {
  received.length = 0;
  const status = await new Promise<number | undefined>((resolve, reject) => {
    const request = http.request({ port, path: "/dies", method, headers, agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode);
    });
    request.on("error", reject);
    request.end(method === "GET" ? undefined : "{}");
  });
  expect(status).toBe(502);
  return received.length;
}

describe("the load balancer, when a process dies before answering", () => {
  it("runs a write without an Idempotency-Key once, since the process may have committed it", async () => {
    expect(await timesRun("POST")).toBe(1);
    expect(await timesRun("DELETE")).toBe(1);
  });

  it("sends a read, or a write carrying an Idempotency-Key, to another process", async () => {
    expect(await timesRun("GET")).toBeGreaterThan(1);
    expect(await timesRun("POST", { "idempotency-key": "k1" })).toBeGreaterThan(1);
  });
});
