// Reads that several loaders of one request need (the root's and the page's run side by side, and a
// page may show two widgets over the same data): the first to ask keeps the pending answer in the
// request's router context, the others await it. The context is made for each request, so nothing
// outlives it: every request reads afresh what operators edit and what buyers take (live seats).
// One trap: a form posted without JavaScript runs the action and then the loaders in one request, so
// an action that writes (a hold) must not read through a memo first, or the page it renders after its
// write shows what was there before it.
import { createContext, type RouterContextProvider } from "react-router";
import { getOrInsertComputed } from "../../lib/maps.ts";

type Context = Readonly<RouterContextProvider>;

/** A memo of one kind of read, keyed within the request (a language, a date…). */
export function requestMemo<T>(): (context: Context, key: string, read: () => Promise<T>) => Promise<T> {
  const slot = createContext<Map<string, Promise<T>> | null>(null);
  return (context, key, read) => {
    let answers = context.get(slot);
    if (!answers) {
      answers = new Map();
      context.set(slot, answers);
    }
    return getOrInsertComputed(answers, key, read);
  };
}
