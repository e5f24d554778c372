import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { removeFromPages, upsertInPages } from "./usePagedList";

interface Tag {
  id: number;
  name: string;
}

function clientWith() {
  const client = new QueryClient();
  const page = { tags: [{ id: 1, name: "vip" }], hasMore: false, count: 1 };
  client.setQueryData(["tags", ""], { pages: [page], pageParams: [1] });
  // The ticket screen's tag lookup keeps a plain array under the same first key.
  client.setQueryData(["tags", "list", ""], [{ id: 1, name: "vip" }]);
  return client;
}

describe("realtime edits of paged lists", () => {
  it("edit the paged list and leave a lookup's array under the same key as it is", () => {
    const client = clientWith();
    upsertInPages<"tags", Tag>(client, "tags", "tags", { id: 2, name: "novo" });
    removeFromPages<"tags", Tag>(client, "tags", "tags", 1);
    const paged = client.getQueryData<{ pages: { tags: Tag[]; count: number }[] }>(["tags", ""]);
    expect(paged?.pages[0]?.tags.map((t) => t.name)).toEqual(["novo"]);
    expect(paged?.pages[0]?.count).toBe(1);
    expect(client.getQueryData(["tags", "list", ""])).toEqual([{ id: 1, name: "vip" }]);
  });
});
