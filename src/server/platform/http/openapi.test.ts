import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";

const { app } = await createTestApp();

describe("GET /api/openapi.json", () => {
  it("describes the /api routes from their schemas", async () => {
    const response = await app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.title).toBe("Podium API");
    expect(document.paths["/api/health"].get.responses["200"]).toBeDefined();

    const contact = document.paths["/api/contact"].post;
    const body = contact.requestBody.content["application/json"].schema;
    expect(body.required).toEqual(["name", "email", "message"]);
    expect(body.properties.name.maxLength).toBe(200);
    expect(body.properties.message.maxLength).toBe(5000);
    expect(contact.responses["201"]).toBeDefined();
  });

  it("lists only API paths: hidden routes and the development mailbox stay out", async () => {
    const document = (await app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const paths = Object.keys(document.paths);
    expect(paths.length).toBeGreaterThan(1);
    expect(paths.every((path) => path.startsWith("/api/"))).toBe(true);
    expect(paths).not.toContain("/api/openapi.json");
  });
});
