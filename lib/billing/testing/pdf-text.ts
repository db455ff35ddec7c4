import { inflateSync } from "node:zlib";

// Test-only: the text a pdfkit PDF draws, read back from its content streams (inflated when
// compressed), so a test can check what a reader of the PDF sees. pdfkit writes each run of the
// standard fonts as hex strings of Windows-1252 bytes inside BT … ET, split where it kerns; one
// text object is one line.

const WIN_1252_HIGH: Record<number, string> = {
  0x80: "€", 0x82: "‚", 0x83: "ƒ", 0x84: "„", 0x85: "…", 0x86: "†", 0x87: "‡", 0x88: "ˆ", 0x89: "‰", 0x8a: "Š", 0x8b: "‹", 0x8c: "Œ", 0x8e: "Ž",
  0x91: "‘", 0x92: "’", 0x93: "“", 0x94: "”", 0x95: "•", 0x96: "–", 0x97: "—", 0x98: "˜", 0x99: "™", 0x9a: "š", 0x9b: "›", 0x9c: "œ", 0x9e: "ž", 0x9f: "Ÿ",
};

function decodeHex(hex: string): string {
  let out = "";
  for (let i = 0; i + 1 < hex.length; i += 2) {
    const byte = parseInt(hex.slice(i, i + 2), 16);
    out += WIN_1252_HIGH[byte] ?? String.fromCharCode(byte);
  }
  return out;
}

/** The content of every stream of the PDF, inflated where it is compressed. */
function streams(pdf: Buffer): string[] {
  const source = pdf.toString("latin1");
  const out: string[] = [];
  for (const m of source.matchAll(/<<((?:(?!>>)[\s\S])*?)>>\s*stream\r?\n/g)) {
    const length = Number(/\/Length (\d+)/.exec(m[1]!)?.[1]);
    if (!Number.isFinite(length)) continue;
    const start = m.index! + m[0].length;
    const raw = pdf.subarray(start, start + length);
    out.push((m[1]!.includes("/FlateDecode") ? inflateSync(raw) : raw).toString("latin1"));
  }
  return out;
}

/** Every line of text the PDF draws, in drawing order (pages one after another). */
export function pdfTextLines(pdf: Buffer): string[] {
  const lines: string[] = [];
  for (const content of streams(pdf)) {
    for (const block of content.matchAll(/\bBT\b([\s\S]*?)\bET\b/g)) {
      const runs = [...block[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => decodeHex(m[1]!));
      if (runs.length > 0) lines.push(runs.join(""));
    }
  }
  return lines;
}
