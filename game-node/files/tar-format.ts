import { FileError } from "./file-error";

// A small ustar/PAX reader and writer (POSIX.1-2001): the file manager needs only regular files and
// folders, and owning the parser means no link entry can ever be materialised by a library's defaults
// (docs/game-servers.md#files).
export const BLOCK = 512;
const MAX_META_BYTES = 1024 * 1024;

export type TarType = "file" | "dir" | "symlink" | "hardlink" | "other";

export interface TarHeader {
  name: string;
  type: TarType;
  size: number;
  mode: number;
  mtime: Date;
  linkName: string;
}

export type TarItem = { kind: "entry"; header: TarHeader } | { kind: "data"; chunk: Buffer };

// ---- writing ---------------------------------------------------------------------------------------

export function tarHeader(entry: { name: string; type: "file" | "dir"; size: number; mode: number; mtime: Date }): Buffer {
  const name = entry.type === "dir" && !entry.name.endsWith("/") ? entry.name + "/" : entry.name;
  const blocks: Buffer[] = [];
  const nameFits = Buffer.byteLength(name) <= 100;
  const sizeFits = entry.size < 8 ** 11;
  if (!nameFits || !sizeFits) {
    const records: Record<string, string> = {};
    if (!nameFits) records.path = name;
    if (!sizeFits) records.size = String(entry.size);
    const body = paxBody(records);
    blocks.push(rawHeader({ name: "PaxHeader", typeflag: "x", size: body.length, mode: 0o644, mtime: entry.mtime }), padded(body));
  }
  const shortName = nameFits ? name : Buffer.from(name).subarray(0, 100).toString("latin1");
  blocks.push(rawHeader({ name: shortName, typeflag: entry.type === "dir" ? "5" : "0", size: sizeFits ? entry.size : 0, mode: entry.mode, mtime: entry.mtime }));
  return Buffer.concat(blocks);
}

export function tarPadding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

export const TAR_END = Buffer.alloc(BLOCK * 2);

function rawHeader(h: { name: string; typeflag: string; size: number; mode: number; mtime: Date }): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(h.name, 0, 100, "utf8");
  writeOctal(block, 100, 8, h.mode & 0o7777);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeOctal(block, 124, 12, h.size);
  writeOctal(block, 136, 12, Math.floor(h.mtime.getTime() / 1000));
  block.write(h.typeflag, 156, 1, "latin1");
  block.write("ustar\u000000", 257, 8, "latin1");
  block.fill(" ", 148, 156);
  writeOctal(block, 148, 8, checksum(block));
  return block;
}

function paxBody(records: Record<string, string>): Buffer {
  const lines = Object.entries(records).map(([key, value]) => {
    const rest = ` ${key}=${value}\n`;
    let length = Buffer.byteLength(rest) + 1;
    while (String(length).length + Buffer.byteLength(rest) !== length) length++;
    return `${length}${rest}`;
  });
  return Buffer.from(lines.join(""));
}

function padded(body: Buffer): Buffer {
  return Buffer.concat([body, tarPadding(body.length)]);
}

function writeOctal(block: Buffer, offset: number, length: number, value: number): void {
  block.write(value.toString(8).padStart(length - 1, "0") + "\u0000", offset, length, "latin1");
}

function checksum(block: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i];
  return sum;
}

// ---- reading ---------------------------------------------------------------------------------------

/**
 * Reads a tar stream as a flat sequence: each entry's header, then its data in chunks (exactly `size`
 * bytes). PAX ("x") and GNU long-name ("L"/"K") records are applied to the next header; global PAX
 * headers are ignored. Malformed input is an `archive_refused` error.
 */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarItem> {
  let pending: Buffer = Buffer.alloc(0);
  let state: { at: "header" } | { at: "data"; left: number; pad: number } | { at: "meta"; left: number; pad: number; kind: string; parts: Buffer[] } = { at: "header" };
  let overrides: { path?: string; linkpath?: string; size?: number } = {};

  for await (const chunk of source) {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    for (;;) {
      if (state.at === "header") {
        if (pending.length < BLOCK) break;
        const block = pending.subarray(0, BLOCK);
        pending = pending.subarray(BLOCK);
        if (block.every((b) => b === 0)) return;
        const raw = parseRawHeader(block);
        if (raw.typeflag === "x" || raw.typeflag === "g" || raw.typeflag === "L" || raw.typeflag === "K") {
          if (raw.size > MAX_META_BYTES) refuse("An archive metadata record is too large.");
          state = { at: "meta", left: raw.size, pad: (BLOCK - (raw.size % BLOCK)) % BLOCK, kind: raw.typeflag, parts: [] };
          continue;
        }
        const header: TarHeader = {
          name: overrides.path ?? raw.name,
          type: typeOf(raw.typeflag, raw.name),
          size: overrides.size ?? raw.size,
          mode: raw.mode,
          mtime: new Date(raw.mtime * 1000),
          linkName: overrides.linkpath ?? raw.linkName,
        };
        overrides = {};
        // Only regular files carry data in tar; a size on anything else is skipped, never written.
        yield { kind: "entry", header };
        state = { at: "data", left: header.size, pad: (BLOCK - (header.size % BLOCK)) % BLOCK };
        continue;
      }
      if (state.left > 0) {
        if (pending.length === 0) break;
        const take = Math.min(state.left, pending.length);
        const piece = pending.subarray(0, take);
        pending = pending.subarray(take);
        state.left -= take;
        if (state.at === "data") yield { kind: "data", chunk: piece };
        else state.parts.push(piece);
        continue;
      }
      if (pending.length < state.pad) break;
      pending = pending.subarray(state.pad);
      if (state.at === "meta") {
        const body = Buffer.concat(state.parts);
        if (state.kind === "x") overrides = { ...overrides, ...parsePax(body) };
        else if (state.kind === "L") overrides.path = cString(body);
        else if (state.kind === "K") overrides.linkpath = cString(body);
      }
      state = { at: "header" };
    }
  }
  if (state.at !== "header" || pending.length > 0) refuse("The archive ends in the middle of an entry.");
  refuse("The archive has no end-of-archive marker.");
}

function parseRawHeader(block: Buffer) {
  const stored = parseNumber(block, 148, 8);
  if (stored !== checksum(block)) refuse("The archive has a damaged header (checksum mismatch).");
  const name = cString(block.subarray(0, 100));
  const magic = block.subarray(257, 263).toString("latin1");
  const prefix = magic === "ustar\u0000" ? cString(block.subarray(345, 500)) : "";
  return {
    name: prefix ? `${prefix}/${name}` : name,
    mode: parseNumber(block, 100, 8),
    size: parseNumber(block, 124, 12),
    mtime: parseNumber(block, 136, 12),
    typeflag: block.subarray(156, 157).toString("latin1"),
    linkName: cString(block.subarray(157, 257)),
  };
}

function typeOf(flag: string, name: string): TarType {
  if (flag === "0" || flag === "\u0000" || flag === "7") return name.endsWith("/") && flag === "\u0000" ? "dir" : "file";
  if (flag === "5") return "dir";
  if (flag === "2") return "symlink";
  if (flag === "1") return "hardlink";
  return "other";
}

function parseNumber(block: Buffer, offset: number, length: number): number {
  const field = block.subarray(offset, offset + length);
  if (field[0] & 0x80) {
    // GNU base-256: big-endian binary; anything beyond 2^53 is refused rather than rounded.
    let value = field[0] & 0x7f;
    for (let i = 1; i < field.length; i++) value = value * 256 + field[i];
    if (!Number.isSafeInteger(value)) refuse("The archive declares an impossible size.");
    return value;
  }
  const text = cString(field).trim();
  if (text === "") return 0;
  if (!/^[0-7]+$/.test(text)) refuse("The archive has a damaged header (bad number).");
  return parseInt(text, 8);
}

function parsePax(body: Buffer): { path?: string; linkpath?: string; size?: number } {
  const out: { path?: string; linkpath?: string; size?: number } = {};
  let offset = 0;
  while (offset < body.length) {
    const space = body.indexOf(0x20, offset);
    if (space < 0) refuse("The archive has a damaged PAX record.");
    const length = Number(body.subarray(offset, space).toString("latin1"));
    if (!Number.isInteger(length) || length <= 0 || offset + length > body.length) refuse("The archive has a damaged PAX record.");
    const record = body.subarray(space + 1, offset + length - 1).toString("utf8");
    const eq = record.indexOf("=");
    const key = record.slice(0, eq);
    const value = record.slice(eq + 1);
    if (key === "path") out.path = value;
    else if (key === "linkpath") out.linkpath = value;
    else if (key === "size") {
      if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) refuse("The archive declares an impossible size.");
      out.size = Number(value);
    }
    offset += length;
  }
  return out;
}

// The name ends at the first NUL; a PAX path keeps its NUL so the path rule refuses it.
function cString(field: Buffer): string {
  const end = field.indexOf(0);
  return field.subarray(0, end < 0 ? field.length : end).toString("utf8");
}

function refuse(message: string): never {
  throw new FileError("archive_refused", message);
}
