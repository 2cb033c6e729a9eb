import { setImmediate as nextTurn } from "node:timers/promises";
import { SaxesParser } from "saxes";
import { AppError } from "../../platform/http/errors.ts";
import { uploadMessages } from "./inspect-upload.ts";

/** What a part's reader hears: elements by their local name (a namespace prefix such as `x:` removed). */
export type XmlHandlers = {
  open?: (name: string, attributes: Record<string, string>) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
};

/** Input handed to the parser at once; between two of these other requests get their turn. */
const CHUNK_BYTES = 64 * 1024;
/** Spreadsheet parts nest a handful of levels deep; far deeper means a crafted file. */
const MAX_DEPTH = 32;

const localName = (name: string) => name.slice(name.indexOf(":") + 1);

/**
 * Reads one XML part with saxes, a conforming streaming parser whose cost is linear in the input (decision
 * 008). The part is fed a chunk at a time with a pause between chunks, so a large upload never holds the
 * event loop for long. Malformed XML, a DOCTYPE (no spreadsheet part has one) or absurd nesting is refused
 * as a damaged workbook, before any handler sees more.
 */
export async function readXmlPart(xml: Buffer, handlers: XmlHandlers): Promise<void> {
  // A part the package does not have (no shared strings, say) has nothing to read.
  if (xml.length === 0) return;
  const parser = new SaxesParser({ position: false });
  let depth = 0;
  const damaged = () => new AppError("BAD_REQUEST", uploadMessages.damaged);
  parser.on("error", () => {
    throw damaged();
  });
  parser.on("doctype", () => {
    throw damaged();
  });
  parser.on("opentag", (tag) => {
    if (++depth > MAX_DEPTH) throw damaged();
    handlers.open?.(localName(tag.name), tag.attributes as Record<string, string>);
  });
  // saxes reports a self-closing tag's end too, right after its start.
  parser.on("closetag", (tag) => {
    depth--;
    handlers.close?.(localName(tag.name));
  });
  if (handlers.text) {
    parser.on("text", handlers.text);
    parser.on("cdata", handlers.text);
  }
  const decoder = new TextDecoder("utf-8", { fatal: false });
  for (let offset = 0; offset < xml.length; offset += CHUNK_BYTES) {
    const chunk = xml.subarray(offset, offset + CHUNK_BYTES);
    parser.write(decoder.decode(chunk, { stream: offset + CHUNK_BYTES < xml.length }));
    if (offset + CHUNK_BYTES < xml.length) await nextTurn();
  }
  parser.close();
}
