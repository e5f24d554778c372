import { describe, expect, it } from "vitest";
import { addTodo, editTodo, removeTodo } from "./todos";

describe("to-do list", () => {
  it("adds, edits (updating the time) and removes tasks", () => {
    const created = new Date("2026-01-01T10:00:00Z");
    const edited = new Date("2026-01-02T11:00:00Z");
    const one = addTodo([], "Call the customer", created);
    expect(one).toHaveLength(1);
    expect(one[0]).toMatchObject({ text: "Call the customer", createdAt: created.toISOString() });
    const changed = editTodo(one, one[0]!.id, "Call back", edited);
    expect(changed[0]).toMatchObject({
      text: "Call back",
      createdAt: created.toISOString(),
      updatedAt: edited.toISOString(),
    });
    expect(removeTodo(changed, one[0]!.id)).toEqual([]);
  });
});
