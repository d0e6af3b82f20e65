/** The room URL reader on the server (room-url.ts; `.server` keeps it off the pages' bundles). */
export * from "./room-url.ts";
