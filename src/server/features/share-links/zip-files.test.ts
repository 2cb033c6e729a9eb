import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createSignedInClient } from "../../../test/book.ts";
import { createClient } from "../../../test/client.ts";
import { temporaryDataDir, uploadOk } from "../../../test/files.ts";
import { files } from "../../platform/db/schema.ts";

const dataDir = temporaryDataDir();
const { app, db } = await createTestApp({ DATA_DIR: dataDir, APP_URL: "http://podium.example" });

describe("the files of a link as a zip", () => {
  it("gives names that are folders or drives a safe name, whether uploaded so or stored so before", async () => {
    const { client } = await createSignedInClient(app, db);
    const text = (words: string) => Buffer.from(`${words}\n`);
    // The multipart parser blanks ".." and "." themselves; the spaces around them are trimmed later.
    const parent = await uploadOk(client, text("parent"), { filename: " .." });
    const current = await uploadOk(client, text("current"), { filename: ". " });
    expect([parent.filename, current.filename]).toEqual(["file", "file"]);
    const older = await uploadOk(client, text("older"));
    const drive = await uploadOk(client, text("drive"));
    // Names kept from before uploads were cleaned this way.
    await db.update(files).set({ filename: ".." }).where(eq(files.id, older.id));
    await db.update(files).set({ filename: "C:notes.txt" }).where(eq(files.id, drive.id));
    const link = await client.post("/api/share-links", {
      kind: "resources",
      label: "Odd names",
      fileIds: [parent.id, current.id, older.id, drive.id],
    });
    const token = link.json().url.split("/").pop();

    const zip = await createClient(app).get(`/api/public/share/${token}/files.zip`);
    expect(zip.statusCode).toBe(200);
    const zipPath = path.join(dataDir, "odd.zip");
    fs.writeFileSync(zipPath, zip.rawPayload);
    expect(execFileSync("unzip", ["-Z1", zipPath]).toString().trim().split("\n")).toEqual([
      "file",
      "file (2)",
      "file (3)",
      "C_notes.txt",
    ]);
    const folder = path.join(dataDir, "unzipped");
    execFileSync("unzip", ["-q", zipPath, "-d", folder]);
    expect(fs.readFileSync(path.join(folder, "file (3)"), "utf8")).toBe("older\n");
  });

  it("ends a download whose file went missing half-way, and the server goes on", async () => {
    const { user, client } = await createSignedInClient(app, db);
    const kept = await uploadOk(client, Buffer.from("kept\n"), { filename: "kept.txt" });
    const gone = await uploadOk(client, Buffer.from("gone\n"), { filename: "gone.txt" });
    const link = await client.post("/api/share-links", {
      kind: "resources",
      label: "Half",
      fileIds: [kept.id, gone.id],
    });
    const token = link.json().url.split("/").pop();
    // Deleted from storage after the link's files were listed, as a delete racing the download would.
    await app.storage.remove(`${user.id}/${gone.id}`);
    const visitor = createClient(app);
    const broken = await visitor.get(`/api/public/share/${token}/files.zip`).catch((error: Error) => error);
    if (!(broken instanceof Error)) expect(broken.rawPayload.includes(Buffer.from("gone\n"))).toBe(false);
    expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
  });
});
