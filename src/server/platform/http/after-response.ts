import type { FastifyReply } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyInstance {
    /** Work a request starts once its answer has gone out (see afterResponsePlugin). */
    afterResponse: AfterResponse;
  }
}

export type AfterResponse = {
  /**
   * Runs `task` once `reply` has been sent (or its connection closed), so nothing the task does can lengthen
   * or shape the answer. A failure is logged; it cannot reach the caller, who has their answer already.
   */
  run(reply: FastifyReply, task: () => Promise<unknown>): void;
  /** Resolves once every task started so far has finished (tests; and the server waits for it on close). */
  idle(): Promise<void>;
};

/**
 * Work after the answer (decision 027): the recovery calls answer every address the same way, in the same time,
 * and only then look the address up and send their e-mail.
 */
export const afterResponsePlugin = fp(async (app) => {
  const pending = new Set<Promise<void>>();
  app.decorate("afterResponse", {
    run(reply, task) {
      // A turn of the event loop after the answer is handed over, so what completes it (the socket write,
      // or app.inject's promise) runs before any of the task does.
      const sent = new Promise<void>((resolve) => {
        const later = () => setImmediate(resolve);
        if (reply.raw.writableFinished) return later();
        reply.raw.once("finish", later);
        reply.raw.once("close", later);
      });
      const work = sent.then(task).then(
        () => {},
        (error: unknown) => app.log.error({ err: error }, "work after a response failed"),
      );
      pending.add(work);
      void work.then(() => pending.delete(work));
    },
    async idle() {
      while (pending.size > 0) await Promise.all(pending);
    },
  } satisfies AfterResponse);
  app.addHook("onClose", async () => app.afterResponse.idle());
});
