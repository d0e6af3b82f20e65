import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchingAhead, requestRoomData, roomDataFor } from "./room-data-prefetch.ts";

const ROOM = "/practice-control?practice=a&seed=1&attempt=00000000-0000-4000-8000-000000000001";
const url = (href: string) => new URL(href, "http://localhost");

/**
 * What the set-up page's fetcher does: run the room's clientLoader for the address, whose first
 * step is `fetchingAhead`. Returns whether that call took it as the fetch ahead.
 */
function aheadWith(fetchNow: () => Promise<unknown>) {
  const calls: boolean[] = [];
  requestRoomData(ROOM, (href) => calls.push(fetchingAhead(url(href), fetchNow)));
  return calls;
}

afterEach(() => vi.useRealTimers());

describe("the room's data fetched ahead", () => {
  it("is fetched once, and the navigation to the same address takes it", async () => {
    const fetchNow = vi.fn(async () => "ahead");
    expect(aheadWith(fetchNow)).toEqual([true]);
    expect(aheadWith(fetchNow)).toEqual([]); // asked again: already there
    expect(fetchNow).toHaveBeenCalledTimes(1);
    const navigation = vi.fn(async () => "now");
    expect(fetchingAhead(url(ROOM), navigation)).toBe(false);
    await expect(roomDataFor(url(ROOM), navigation)).resolves.toBe("ahead");
    expect(navigation).not.toHaveBeenCalled();
  });

  it("is never the navigation's own call, even when the navigation runs first", async () => {
    let fetcherLoad = () => {};
    requestRoomData(ROOM, (href) => {
      fetcherLoad = () => void fetchingAhead(url(href), async () => "ahead");
    });
    // The tap's navigation reaches the clientLoader before the fetcher does: it fetches itself.
    expect(fetchingAhead(url(ROOM), async () => "no")).toBe(false);
    await expect(roomDataFor(url(ROOM), async () => "now")).resolves.toBe("now");
    fetcherLoad();
    await roomDataFor(url(ROOM), async () => "clean up");
  });

  it("is taken once: a second visit of the address fetches afresh", async () => {
    aheadWith(async () => "ahead");
    await roomDataFor(url(ROOM), async () => "now");
    await expect(roomDataFor(url(ROOM), async () => "again")).resolves.toBe("again");
  });

  it("is not another room's: another seed fetches its own", async () => {
    aheadWith(async () => "ahead");
    const other = url(ROOM.replace("seed=1", "seed=2"));
    expect(fetchingAhead(other, async () => "no")).toBe(false);
    await expect(roomDataFor(other, async () => "own")).resolves.toBe("own");
    await roomDataFor(url(ROOM), async () => "clean up");
  });

  it("leaves a failure (a redirect, offline) to the navigation, which asks again", async () => {
    const failed = Promise.reject(new Response(null, { status: 302 }));
    expect(aheadWith(() => failed)).toEqual([true]);
    await expect(roomDataFor(url(ROOM), async () => "fresh")).resolves.toBe("fresh");
  });

  it("is dropped after a minute", async () => {
    vi.useFakeTimers();
    aheadWith(async () => "old");
    vi.advanceTimersByTime(61_000);
    await expect(roomDataFor(url(ROOM), async () => "fresh")).resolves.toBe("fresh");
  });
});
