import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { postEvent } from "../../../test/book.ts";
import { createClient, type TestClient } from "../../../test/client.ts";
import { ok, sentContract, speakerWithEvent, tokenOf } from "../../../test/contracts.ts";
import { confirmIdentity, createUser, signIn } from "../../../test/factories.ts";
import { mailTo } from "../../../test/mailer.ts";

const { app, db } = await createTestApp();

/** A speaker with a booking, an agreement sent by itself and the booking's deposit invoice, and a team member. */
async function speakerWithLinksAndMember() {
  const owner = await speakerWithEvent(app, db);
  const booking = await ok(await owner.client.post(`/api/events/${owner.event.id}/booking`, {}), 201);
  const other = await postEvent(owner.client, { title: "Workshop", contactName: "Dana Lee" });
  const contract = await sentContract(owner.client, other.id);
  await confirmIdentity(owner.client);
  const memberUser = await createUser(db);
  await ok(
    await owner.client.post("/api/team/invitations", { email: memberUser.email, role: "viewer" }),
    201,
  );
  const [mail] = await mailTo(db, memberUser.email);
  const member = createClient(app);
  await signIn(member, db, memberUser);
  await ok(await member.post(`/api/join/${/\/join\/([\w-]+)/.exec(mail!.text)![1]}`));
  const bookingToken = tokenOf(booking.url);
  // The owner's look at the page records nothing, so the deposit's link can be read from it.
  const page = await ok(await owner.client.get(`/api/public/bookings/${bookingToken}`));
  const links = {
    booking: `/api/public/bookings/${bookingToken}`,
    contract: `/api/public/contracts/${tokenOf(contract.publicUrl)}`,
    invoice: `/api/public/invoices/${tokenOf(page.deposit.url)}`,
  };
  return { owner, member, booking, contract, links };
}

type Setup = Awaited<ReturnType<typeof speakerWithLinksAndMember>>;

/** What the speaker sees of the visits: the booking's, the agreement's and the invoice's. */
async function visitsSeen({ owner, booking, contract }: Setup) {
  const client = owner.client;
  const shownBooking = await ok(await client.get(`/api/events/${owner.event.id}/booking`));
  const shownContract = await ok(await client.get(`/api/contracts/${contract.id}`));
  const audit = await ok(await client.get(`/api/contracts/${contract.id}/audit`));
  const invoice = await ok(await client.get(`/api/invoices/${booking.depositInvoiceId}`));
  return {
    booking: { status: shownBooking.status, views: shownBooking.viewCount },
    contract: {
      status: shownContract.status,
      viewed: audit.filter((entry: { type: string }) => entry.type === "viewed").length,
    },
    invoice: {
      views: invoice.viewCount,
      viewed: invoice.activity.filter((entry: { type: string }) => entry.type === "viewed").length,
    },
  };
}

const openAll = async (visitor: TestClient, links: Setup["links"]) => {
  for (const path of Object.values(links)) await ok(await visitor.get(path));
};

describe("a team member opening a link sent to the planner (issue 40)", () => {
  it("is not counted as the planner, nor is the owner; a planner with no session still is", async () => {
    const setup = await speakerWithLinksAndMember();
    await openAll(setup.owner.client, setup.links);
    await openAll(setup.member, setup.links);
    expect(await visitsSeen(setup)).toEqual({
      booking: { status: "sent", views: 0 },
      contract: { status: "sent", viewed: 0 },
      invoice: { views: 0, viewed: 0 },
    });

    await openAll(createClient(app), setup.links);
    expect(await visitsSeen(setup)).toEqual({
      booking: { status: "opened", views: 1 },
      contract: { status: "viewed", viewed: 1 },
      invoice: { views: 1, viewed: 1 },
    });
  });

  it("a member whose session acts for their own book is still of the speaker's team", async () => {
    const setup = await speakerWithLinksAndMember();
    const me = await ok(await setup.member.get("/api/user"));
    await ok(await setup.member.post("/api/workspaces/current", { speakerId: me.id }));
    await openAll(setup.member, setup.links);
    expect((await visitsSeen(setup)).booking).toEqual({ status: "sent", views: 0 });
  });
});
