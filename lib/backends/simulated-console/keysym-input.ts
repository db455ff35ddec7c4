/**
 * Turns RFB KeyEvents (X11 keysyms, RFC 6143 §7.5.4) into the bytes a terminal would send, so the
 * guest's line editor reads the same input from a VNC viewer as from a serial console: Return is
 * "\r", BackSpace "\x7f", Ctrl+C "\x03". The viewer sends already shifted keysyms ("A", "!"), so only
 * the Control keys' state is tracked here.
 */
const CONTROL_L = 0xffe3;
const CONTROL_R = 0xffe4;

const SPECIAL: Record<number, string> = {
  0xff08: "\x7f", // BackSpace
  0xff09: "\t", // Tab
  0xff0d: "\r", // Return
  0xff8d: "\r", // KP_Enter
  0xff1b: "\x1b", // Escape
  0xffff: "\x1b[3~", // Delete
  0xff50: "\x1b[H", // Home
  0xff57: "\x1b[F", // End
  0xff51: "\x1b[D", // Left
  0xff52: "\x1b[A", // Up
  0xff53: "\x1b[C", // Right
  0xff54: "\x1b[B", // Down
  0xffaa: "*",
  0xffab: "+",
  0xffad: "-",
  0xffae: ".",
  0xffaf: "/",
};

// Ctrl with these produces the C0 control characters a terminal sends (Ctrl+[ is Escape).
const CONTROL_PUNCTUATION: Record<string, string> = { "[": "\x1b", "\\": "\x1c", "]": "\x1d", "^": "\x1e", _: "\x1f" };

export class KeysymInput {
  private controls = new Set<number>();

  /** One KeyEvent: the text it types, or "" (a release, a modifier, a key without a character). */
  key(keysym: number, down: boolean): string {
    if (keysym === CONTROL_L || keysym === CONTROL_R) {
      if (down) this.controls.add(keysym);
      else this.controls.delete(keysym);
      return "";
    }
    if (!down) return "";
    const text = keysymText(keysym);
    if (!text || this.controls.size === 0) return text;
    if (/^[a-z]$/i.test(text)) return String.fromCharCode(text.toLowerCase().charCodeAt(0) & 0x1f);
    return CONTROL_PUNCTUATION[text] ?? text;
  }
}

/** The character a keysym stands for without modifiers, or "" for keys that type nothing. */
export function keysymText(keysym: number): string {
  const special = SPECIAL[keysym];
  if (special !== undefined) return special;
  // Latin-1 keysyms are their code points.
  if ((keysym >= 0x20 && keysym <= 0x7e) || (keysym >= 0xa0 && keysym <= 0xff)) return String.fromCharCode(keysym);
  // Keypad digits.
  if (keysym >= 0xffb0 && keysym <= 0xffb9) return String(keysym - 0xffb0);
  // Unicode keysyms: 0x01000000 + the code point.
  if (keysym >= 0x01000100 && keysym <= 0x0110ffff) return String.fromCodePoint(keysym - 0x01000000);
  return "";
}
