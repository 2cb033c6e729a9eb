import { describe, expect, it } from "vitest";
import { columnRows, columns } from "./columns.ts";
import { subscriptions } from "./schema.ts";

// The rule is checked by the compiler (`tsc --noEmit` compiles this file): each `@ts-expect-error` below
// fails the type check the day an unknown key is let through again.
describe("columns", () => {
  it("passes the values on unchanged, and lets only the table's columns through", () => {
    const fields = { stripeSubscriptionId: "sub_1", status: "active" as const };
    expect(columns(subscriptions, { ...fields, cancelAtPeriodEnd: false })).toEqual({
      ...fields,
      cancelAtPeriodEnd: false,
    });

    const misnamed = { subscriptionId: "sub_1", status: "active" as const };
    // @ts-expect-error `subscriptionId` is no column of subscriptions (the slip of issue 40).
    columns(subscriptions, { ...misnamed });
    // @ts-expect-error the same through a variable.
    columns(subscriptions, misnamed);
  });

  it("checks every row of a multi-row insert", () => {
    const rows = [{ userId: "u1" }, { userId: "u2" }];
    expect(columnRows(subscriptions, rows)).toEqual(rows);
    const misnamed = [{ userId: "u1", customerId: "cus_1" }];
    // @ts-expect-error `customerId` is no column of subscriptions.
    columnRows(subscriptions, misnamed);
  });
});
