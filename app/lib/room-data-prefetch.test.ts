import { afterEach, describe, expect, it, vi } from "vitest";
import { requestRoomData, roomDataFor } from "./room-data-prefetch.ts";

const ROOM = "/practice-control?practice=a&seed=1&attempt=00000000-0000-4000-8000-000000000001";
const url = (href: string) => new URL(href, "http://localhost");

/** What the fetcher's load does: run the room's clientLoader for the address. */
function fetcherLoading(fetchNow: () => Promise<unknown>) {
  return (href: string) => void roomDataFor(url(href), fetchNow);
}

afterEach(() => vi.useRealTimers());

describe("the room's data fetched ahead", () => {
  it("is fetched once, and the navigation to the same address takes it", async () => {
    const fetchNow = vi.fn(async () => ({ kind: "room", n: fetchNow.mock.calls.length }));
    requestRoomData(ROOM, fetcherLoading(fetchNow));
    requestRoomData(ROOM, fetcherLoading(fetchNow));
    expect(fetchNow).toHaveBeenCalledTimes(1);
    const navigation = vi.fn(async () => ({ kind: "room", n: -1 }));
    await expect(roomDataFor(url(ROOM), navigation)).resolves.toEqual({ kind: "room", n: 1 });
    expect(navigation).not.toHaveBeenCalled();
  });

  it("is taken once: a second visit of the address fetches afresh", async () => {
    requestRoomData(
      ROOM,
      fetcherLoading(async () => "ahead"),
    );
    await roomDataFor(url(ROOM), async () => "now");
    await expect(roomDataFor(url(ROOM), async () => "again")).resolves.toBe("again");
  });

  it("is not another room's: another seed or attempt fetches its own", async () => {
    requestRoomData(
      ROOM,
      fetcherLoading(async () => "ahead"),
    );
    const other = ROOM.replace("seed=1", "seed=2");
    await expect(roomDataFor(url(other), async () => "own")).resolves.toBe("own");
    await roomDataFor(url(ROOM), async () => "clean up");
  });

  it("fetches afresh when the fetch ahead failed", async () => {
    requestRoomData(
      ROOM,
      fetcherLoading(async () => {
        throw new TypeError("offline");
      }),
    );
    await expect(roomDataFor(url(ROOM), async () => "fresh")).resolves.toBe("fresh");
  });

  it("is dropped after a minute", async () => {
    vi.useFakeTimers();
    requestRoomData(
      ROOM,
      fetcherLoading(async () => "old"),
    );
    vi.advanceTimersByTime(61_000);
    await expect(roomDataFor(url(ROOM), async () => "fresh")).resolves.toBe("fresh");
  });
});
