// A screen's first reads start as soon as its address is known, in parallel with its code.
//
// The reads a screen makes in its first seconds at an address (GET /api/…, as the http
// client sends them: same URL, same parameters) are remembered per user and address in
// localStorage. The next time that address is opened (a reload, a menu click: the link's
// pointerdown, then the route change), those URLs are fetched at once; when the screen's
// own request for the same URL comes, the http client answers it with that response
// instead of asking again (src/providers/http.ts). So a screen finds its data on the way
// whether it reads through useApiQuery, usePagedQuery or Refine's data provider, and a new
// screen gets this without declaring anything.
//
// Safety: a prefetched answer is used once, for the same URL and the same token, within
// FRESH_MS of being asked; any write (a non-GET request) drops every answer not yet used,
// so a screen never shows data older than a save the person made. Only 2xx answers are
// used; anything else makes the screen ask itself, as before.

const STORE_PREFIX = "vt-primeras-lecturas:";
/** Reads made within this time of arriving at an address are its first reads. */
const LEARN_WINDOW_MS = 3_000;
/** At most this many first reads an address (a screen's list, its filters' options…). */
const MAX_URLS = 4;
/** Addresses remembered per user (the least recently visited are forgotten). */
const MAX_PLACES = 80;
/** A prefetched answer not taken within this time is dropped. */
const FRESH_MS = 10_000;

export interface PrefetchedResponse {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: string;
}

interface Pending {
  token: string;
  at: number;
  response: Promise<PrefetchedResponse | null>;
}

type Learned = Record<string, string[]>;

/** What the module needs from the browser; tests pass their own. */
export interface PrefetchEnv {
  now(): number;
  storage(): Pick<Storage, "getItem" | "setItem"> | null;
  fetch(url: string, token: string): Promise<PrefetchedResponse | null>;
}

const browserEnv: PrefetchEnv = {
  now: () => Date.now(),
  storage: () => {
    try {
      return typeof window === "undefined" ? null : window.localStorage;
    } catch {
      return null;
    }
  },
  async fetch(url, token) {
    const res = await fetch(url, { headers: { Accept: "application/json", Authorization: `Bearer ${token}` } });
    const headers: Record<string, string> = {};
    res.headers.forEach((value, key) => (headers[key] = value));
    return { status: res.status, statusText: res.statusText, headers, body: await res.text() };
  },
};

export function createPrefetcher(env: PrefetchEnv = browserEnv) {
  const pending = new Map<string, Pending>();
  let place = "";
  let arrivedAt = -Infinity;
  let learning: string[] = [];
  let user = "";

  const storeKey = () => STORE_PREFIX + user;

  function readLearned(): Learned {
    try {
      const raw = env.storage()?.getItem(storeKey());
      const parsed: unknown = raw ? JSON.parse(raw) : {};
      return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Learned) : {};
    } catch {
      return {};
    }
  }

  function writeLearned(key: string, urls: string[]): void {
    const learned = readLearned();
    delete learned[key];
    learned[key] = urls; // last: the most recently visited
    const keys = Object.keys(learned);
    for (const old of keys.slice(0, Math.max(0, keys.length - MAX_PLACES))) delete learned[old];
    try {
      env.storage()?.setItem(storeKey(), JSON.stringify(learned));
    } catch {
      // storage full or disabled: nothing is learned, screens read as before
    }
  }

  function dropStale(): void {
    const now = env.now();
    for (const [url, p] of pending) if (now - p.at > FRESH_MS) pending.delete(url);
  }

  return {
    /** The signed-in user (their addresses and reads are theirs); "" when signed out. */
    setUser(id: string | number | null | undefined): void {
      user = id == null ? "" : String(id);
    },

    /** The person arrived at a screen (its path): its first reads are learned from now. */
    arrive(address: string): void {
      place = address;
      arrivedAt = env.now();
      learning = [];
    },

    /** A GET the http client is about to send (after the token is set). */
    noteRead(url: string): void {
      if (!user || !place || env.now() - arrivedAt > LEARN_WINDOW_MS) return;
      if (learning.includes(url) || learning.length >= MAX_URLS) return;
      learning.push(url);
      writeLearned(place, learning);
    },

    /** Starts the learned first reads of an address (those not already on the way). */
    prefetch(address: string, token: string | null): void {
      if (!user || !token) return;
      dropStale();
      for (const url of readLearned()[address] ?? []) {
        if (pending.has(url)) continue;
        const response = env.fetch(url, token).catch(() => null);
        pending.set(url, { token, at: env.now(), response });
      }
    },

    /** The prefetched answer of this URL for this token, once; undefined when there is none. */
    take(url: string, token: string | null): Promise<PrefetchedResponse | null> | undefined {
      dropStale();
      const hit = pending.get(url);
      if (!hit) return undefined;
      pending.delete(url);
      return hit.token === token ? hit.response : undefined;
    },

    /** A write was sent: answers asked before it may not show it. */
    forgetAll(): void {
      pending.clear();
    },

    /** The learned first reads of an address (tests, and the bench's curiosity). */
    learnedFor(address: string): string[] {
      return readLearned()[address] ?? [];
    },
  };
}

export type Prefetcher = ReturnType<typeof createPrefetcher>;

/** The app's one prefetcher. */
export const prefetcher = createPrefetcher();
