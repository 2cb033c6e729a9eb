import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEFAULT_QUESTIONS } from "../../../shared/schemas/questionnaires.ts";
import { createTestApp } from "../../../test/app.ts";
import { createSignedInClient, postEvent } from "../../../test/book.ts";
import { createClient } from "../../../test/client.ts";
import { ok, tokenOf } from "../../../test/contracts.ts";
import { confirmIdentity } from "../../../test/factories.ts";
import { mailTo } from "../../../test/mailer.ts";
import { eventQuestionnaires, tasks } from "../../platform/db/schema.ts";
import { questionnaireContextOf } from "./context.ts";
import { sweepQuestionnaires } from "./sweep.ts";

const { app, db } = await createTestApp({ APP_URL: "http://podium.example" });
const planner = () => createClient(app);
const UNAVAILABLE = { error: "This questionnaire link is not available" };

let mailbox = 0;
async function sentQuestionnaire(fields: Record<string, unknown> = {}) {
  const { client, user } = await createSignedInClient(app, db);
  await client.put("/api/speaker-profile", { name: "Jordan Rivera" });
  mailbox += 1;
  const contactEmail = `planner${mailbox}@acme.example`;
  const event = await postEvent(client, {
    title: "ACME Kickoff",
    date: "2030-05-01",
    city: "Austin",
    state: "TX",
    contactEmail,
    ...fields,
  });
  const sent = await ok(await client.post(`/api/events/${event.id}/questionnaire/send`, {}), 201);
  return { client, user, event, contactEmail, url: sent.url as string, token: tokenOf(sent.url) };
}

const fullAnswers = {
  "audience-size": 250,
  "arrival-time": "08:15",
  "talk-time": "09:00",
  "contact-name": "Dana Lee",
  "contact-phone": "512-555-0100",
  microphone: "Lavalier",
  recording: true,
};

describe("the speaker's questionnaire", () => {
  it("ships a default and keeps an edited set", async () => {
    const { client } = await createSignedInClient(app, db);
    const shown = await ok(await client.get("/api/questionnaire"));
    expect(shown.questions).toEqual(DEFAULT_QUESTIONS);
    expect(shown.questions.map((question: { mapsTo?: string }) => question.mapsTo).filter(Boolean)).toEqual(
      expect.arrayContaining(["attendees", "time", "arrivalTime", "contactName", "contactPhone"]),
    );
    const questions = [
      { id: "size", label: "How many?", type: "number", required: true, mapsTo: "attendees" },
      { id: "room", label: "Room style", type: "choice", options: ["Theatre", "Banquet"], required: false },
    ];
    expect((await ok(await client.put("/api/questionnaire", { questions }))).questions).toHaveLength(2);
    expect((await ok(await client.get("/api/questionnaire"))).questions[1].options).toEqual([
      "Theatre",
      "Banquet",
    ]);
  });

  it("refuses question sets that could not be answered or mapped", async () => {
    const { client } = await createSignedInClient(app, db);
    const bad = [
      [],
      [{ id: "a", label: "A", type: "choice", options: ["Only"], required: false }],
      [{ id: "a", label: "A", type: "text", options: ["x", "y"], required: false }],
      [
        { id: "a", label: "A", type: "text", required: false },
        { id: "a", label: "B", type: "text", required: false },
      ],
      [{ id: "a", label: "A", type: "yesno", required: false, mapsTo: "attendees" }],
      [{ id: "a", label: "A", type: "text", required: false, mapsTo: "venue" }],
      [{ id: "a", label: "", type: "text", required: false }],
      [{ id: "a", label: "A", type: "colour", required: false }],
    ];
    for (const questions of bad) {
      const refused = await client.put("/api/questionnaire", { questions });
      expect(refused.statusCode, JSON.stringify(questions)).toBe(400);
      expect(refused.json()).toMatchObject({ error: expect.any(String), fields: expect.any(Object) });
    }
    expect((await ok(await client.get("/api/questionnaire"))).questions).toEqual(DEFAULT_QUESTIONS);
  });
});

describe("sending and answering", () => {
  it("e-mails the planner a /q/ link, needs an address, and shows the status", async () => {
    const { client, event, contactEmail, url, token } = await sentQuestionnaire();
    expect(url).toMatch(/^http:\/\/podium\.example\/q\/[A-Za-z0-9_-]{43}$/);
    const [mail] = await mailTo(db, contactEmail);
    expect(mail?.text).toContain(url);
    const stored = await db
      .select()
      .from(eventQuestionnaires)
      .where(eq(eventQuestionnaires.eventId, event.id));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect((await ok(await client.get(`/api/events/${event.id}/questionnaire`))).status).toBe("sent");
    const bare = await postEvent(client, { title: "No contact" });
    const refused = await client.post(`/api/events/${bare.id}/questionnaire/send`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toContain("contact e-mail");
    expect((await ok(await client.get(`/api/events/${bare.id}/questionnaire`))).status).toBe("not_sent");
  });

  it("keeps a draft without the required check, and the planner comes back to it", async () => {
    const { token, client, event } = await sentQuestionnaire();
    const page = await ok(await planner().get(`/api/public/questionnaires/${token}`));
    expect(page).toMatchObject({
      speaker: { name: "Jordan Rivera" },
      event: { title: "ACME Kickoff", date: "2030-05-01", city: "Austin", state: "TX" },
      answers: {},
      status: "sent",
    });
    await ok(
      await planner().post(`/api/public/questionnaires/${token}`, {
        answers: { theme: "Growth" },
        final: false,
      }),
    );
    const back = await ok(await planner().get(`/api/public/questionnaires/${token}`));
    expect(back).toMatchObject({ answers: { theme: "Growth" }, status: "sent" });
    const shown = await ok(await client.get(`/api/events/${event.id}/questionnaire`));
    expect(shown).toMatchObject({ status: "sent", answers: [{ questionId: "theme", value: "Growth" }] });
  });

  it("checks types and required answers on submit, naming each field", async () => {
    const { token } = await sentQuestionnaire();
    const refused = await planner().post(`/api/public/questionnaires/${token}`, {
      answers: { "audience-size": "lots", "arrival-time": "8am", microphone: "Shouting", recording: "maybe" },
      final: true,
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().fields).sort()).toEqual(
      [
        "arrival-time",
        "audience-size",
        "contact-name",
        "contact-phone",
        "microphone",
        "recording",
        "talk-time",
      ].sort(),
    );
    const draftOfWrongShape = await planner().post(`/api/public/questionnaires/${token}`, {
      answers: { "arrival-time": "8am" },
      final: false,
    });
    expect(draftOfWrongShape.statusCode).toBe(400);
    expect(draftOfWrongShape.json().fields).toEqual({ "arrival-time": expect.any(String) });
  });

  it("fills empty event fields, proposes the conflicting ones, tells the speaker, and accepts on request", async () => {
    const { client, user, event, token } = await sentQuestionnaire({ attendees: 100, time: "10:00" });
    const before = await db.select().from(tasks).where(eq(tasks.userId, user.id));
    await ok(
      await planner().post(`/api/public/questionnaires/${token}`, { answers: fullAnswers, final: true }),
    );
    const filled = await ok(await client.get(`/api/events/${event.id}`));
    expect(filled).toMatchObject({
      arrivalTime: "08:15",
      contactName: "Dana Lee",
      contactPhone: "512-555-0100",
      attendees: 100,
      time: "10:00",
    });
    const shown = await ok(await client.get(`/api/events/${event.id}/questionnaire`));
    expect(shown.status).toBe("answered");
    expect(shown.proposals).toEqual([
      { field: "attendees", value: 250, current: 100 },
      { field: "time", value: "09:00", current: "10:00" },
    ]);
    expect(shown.answers).toContainEqual({
      questionId: "recording",
      label: "May the talk be recorded?",
      value: true,
    });
    const after = await db.select().from(tasks).where(eq(tasks.userId, user.id));
    expect(after.length).toBe(before.length + 1);
    const [notice] = await mailTo(db, user.email);
    expect(notice?.subject).toBe("ACME Kickoff: the questionnaire is answered");

    const accepted = await ok(
      await client.post(`/api/events/${event.id}/questionnaire/accept`, { fields: ["attendees"] }),
    );
    expect(accepted).toMatchObject({ attendees: 250, time: "10:00" });
    await ok(await client.post(`/api/events/${event.id}/questionnaire/ignore`, { fields: ["time"] }));
    const decided = await ok(await client.get(`/api/events/${event.id}/questionnaire`));
    expect(decided.proposals).toEqual([]);
    expect((await ok(await client.get(`/api/events/${event.id}`))).time).toBe("10:00");
    expect(
      (await client.post(`/api/events/${event.id}/questionnaire/accept`, { fields: ["time"] })).statusCode,
    ).toBe(400);
    await confirmIdentity(client);
    const exported = await ok(await client.get("/api/export-complete-data"));
    expect(exported.questionnaires).toEqual([
      expect.objectContaining({
        eventId: event.id,
        status: "answered",
        answers: expect.arrayContaining([
          { questionId: "arrival-time", label: "When should the speaker arrive?", value: "08:15" },
        ]),
      }),
    ]);
    // Answered once: the speaker does not send it again.
    expect((await client.post(`/api/events/${event.id}/questionnaire/send`, {})).statusCode).toBe(409);
  });

  it("lets the planner change sent answers before the talk, proposing only what changed", async () => {
    const { client, user, event, token } = await sentQuestionnaire({ attendees: 100, time: "10:00" });
    const send = (answers: Record<string, unknown>, final = true) =>
      planner().post(`/api/public/questionnaires/${token}`, { answers, final });
    await ok(await send(fullAnswers));
    const { answeredAt } = await ok(await client.get(`/api/events/${event.id}/questionnaire`));
    expect(await ok(await planner().get(`/api/public/questionnaires/${token}`))).toMatchObject({
      status: "answered",
      canChange: true,
    });
    await ok(await client.post(`/api/events/${event.id}/questionnaire/accept`, { fields: ["attendees"] }));
    await ok(await client.post(`/api/events/${event.id}/questionnaire/ignore`, { fields: ["time"] }));
    const answerTasks = async () =>
      (await db.select().from(tasks).where(eq(tasks.userId, user.id)))
        .filter((task) => task.title.startsWith("Questionnaire answer") && task.doneAt === null)
        .map((task) => ({ id: task.id, title: task.title }));
    const mailCount = async () => (await mailTo(db, user.email)).length;
    const [firstTask] = await answerTasks();
    // The speaker has read the first answers.
    await ok(await client.patch(`/api/tasks/${firstTask!.id}`, { done: true }));
    const mailBefore = await mailCount();

    // The same answers again: nothing new, and the ignored talk time is not offered again.
    await ok(await send(fullAnswers));
    expect((await ok(await client.get(`/api/events/${event.id}/questionnaire`))).proposals).toEqual([]);
    expect([await answerTasks(), await mailCount()]).toEqual([[], mailBefore]);
    // A draft cannot replace answers already sent.
    expect((await send({ ...fullAnswers, microphone: "Handheld" }, false)).statusCode).toBe(409);

    const changed = { ...fullAnswers, "audience-size": 300, "arrival-time": "08:45", microphone: "Handheld" };
    expect(await ok(await send(changed))).toEqual({ status: "answered" });
    const shown = await ok(await client.get(`/api/events/${event.id}/questionnaire`));
    expect(shown.proposals).toEqual([
      { field: "attendees", value: 300, current: 250 },
      { field: "arrivalTime", value: "08:45", current: "08:15" },
    ]);
    expect(shown.answers).toContainEqual({
      questionId: "microphone",
      label: expect.any(String),
      value: "Handheld",
    });
    expect(shown.answeredAt).toBe(answeredAt);
    expect((await answerTasks()).map((task) => task.title)).toEqual([
      "Questionnaire answers changed: review 2 changes",
    ]);
    expect(await mailCount()).toBe(mailBefore + 1);
    const [notice] = await mailTo(db, user.email);
    expect(notice?.subject).toBe("ACME Kickoff: the planner changed the questionnaire answers");
    expect(notice?.text).toContain("Dana Lee changed 3 answers in the questionnaire; 2 to review.");
    const activity = await ok(await client.get(`/api/events/${event.id}/activity`));
    expect(JSON.stringify(activity)).toContain("changed 3 answers in the questionnaire");

    // The speaker's page still showed 250: accepting what they never saw is refused.
    const stale = await client.post(`/api/events/${event.id}/questionnaire/accept`, {
      fields: ["attendees"],
      seen: { attendees: 250 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe("The planner changed this answer since you looked. Here is the new one.");
    expect((await ok(await client.get(`/api/events/${event.id}`))).attendees).toBe(250);

    // Changed again before the speaker dealt with it: the open task says so, and no second e-mail goes.
    await ok(await send({ ...changed, "contact-phone": "512-555-0199" }));
    expect((await answerTasks()).map((task) => task.title)).toEqual([
      "Questionnaire answers changed: review 3 changes",
    ]);
    expect(await mailCount()).toBe(mailBefore + 1);
  });

  it("keeps answers sent after the talk as they are", async () => {
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
    const { token } = await sentQuestionnaire({ date: tenDaysAgo });
    const send = (answers: Record<string, unknown>) =>
      planner().post(`/api/public/questionnaires/${token}`, { answers, final: true });
    await ok(await send(fullAnswers));
    // The page is told, so it offers no "Change my answers".
    expect((await ok(await planner().get(`/api/public/questionnaires/${token}`))).canChange).toBe(false);
    const refused = await send({ ...fullAnswers, "audience-size": 300 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe("The talk has taken place, so these answers can no longer change.");
  });
});

describe("links and speakers", () => {
  it("answers the same 404 for an unknown, replaced or expired link", async () => {
    const { client, event, token } = await sentQuestionnaire();
    for (const bad of ["nope", "x".repeat(43)]) {
      const answer = await planner().get(`/api/public/questionnaires/${bad}`);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual(UNAVAILABLE);
    }
    const again = await ok(
      await client.post(`/api/events/${event.id}/questionnaire/send`, { to: "other@acme.example" }),
      201,
    );
    expect((await planner().get(`/api/public/questionnaires/${token}`)).json()).toEqual(UNAVAILABLE);
    expect((await planner().get(`/api/public/questionnaires/${tokenOf(again.url)}`)).statusCode).toBe(200);
    const old = await sentQuestionnaire({ date: "2020-01-01" });
    const expired = await planner().post(`/api/public/questionnaires/${old.token}`, {
      answers: {},
      final: false,
    });
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual(UNAVAILABLE);
  });

  it("refuses another speaker's event and ids that are not ids with 404", async () => {
    const { event } = await sentQuestionnaire();
    const { client: other } = await createSignedInClient(app, db);
    for (const path of [`/api/events/${event.id}/questionnaire`, "/api/events/not-an-id/questionnaire"]) {
      expect((await other.get(path)).statusCode).toBe(404);
    }
    for (const path of ["send", "accept", "ignore"]) {
      const body = path === "send" ? {} : { fields: ["attendees"] };
      expect((await other.post(`/api/events/${event.id}/questionnaire/${path}`, body)).statusCode).toBe(404);
    }
  });

  it("keeps a honeypot submission out", async () => {
    const { token } = await sentQuestionnaire();
    await ok(
      await planner().post(`/api/public/questionnaires/${token}`, {
        answers: { theme: "Spam" },
        final: false,
        website: "x",
      }),
    );
    expect((await ok(await planner().get(`/api/public/questionnaires/${token}`))).answers).toEqual({});
  });
});

describe("the reminder sweep", () => {
  it("reminds the planner 7 and 3 days before the talk, once each, and not once answered", async () => {
    const { contactEmail } = await sentQuestionnaire({ date: "2030-05-01" });
    const answered = await sentQuestionnaire({ date: "2030-05-01" });
    await ok(
      await planner().post(`/api/public/questionnaires/${answered.token}`, {
        answers: fullAnswers,
        final: true,
      }),
    );
    const context = questionnaireContextOf(app);
    const reminders = async () =>
      (await mailTo(db, contactEmail)).filter((mail) => mail.subject.startsWith("Reminder")).length;
    await sweepQuestionnaires(context, new Date("2030-04-20T12:00:00Z"));
    expect(await reminders()).toBe(0);
    await sweepQuestionnaires(context, new Date("2030-04-24T12:00:00Z"));
    await sweepQuestionnaires(context, new Date("2030-04-25T12:00:00Z"));
    expect(await reminders()).toBe(1);
    await sweepQuestionnaires(context, new Date("2030-04-28T12:00:00Z"));
    await sweepQuestionnaires(context, new Date("2030-04-29T12:00:00Z"));
    expect(await reminders()).toBe(2);
    const [latest] = await mailTo(db, contactEmail);
    expect(latest?.text).toContain("/q/");
    const answeredMail = await mailTo(db, answered.contactEmail);
    expect(answeredMail.filter((mail) => mail.subject.startsWith("Reminder"))).toEqual([]);
  });
});
