/**
 * Text pasted into a VNC console becomes key presses, one X11 keysym per character (RFB KeyEvent
 * carries keysyms, not characters). Latin-1 printable code points are their own keysyms; any other
 * Unicode character is 0x01000000 + its code point (the X11 convention for Unicode keysyms). Line
 * ends (\n, \r, \r\n) press Return and \t presses Tab; other control characters are dropped, since
 * a console would read them as shortcuts the user did not mean to send.
 */
export const KEYSYM_RETURN = 0xff0d;
export const KEYSYM_TAB = 0xff09;
const UNICODE_KEYSYM_BASE = 0x0100_0000;

/** The keysym that types `char` (one code point), or null when it is a control character. */
export function keysymOf(char: string): number | null {
  const cp = char.codePointAt(0);
  if (cp === undefined) return null;
  if (cp === 0x0a || cp === 0x0d) return KEYSYM_RETURN;
  if (cp === 0x09) return KEYSYM_TAB;
  if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) return null;
  if (cp <= 0xff) return cp;

  return UNICODE_KEYSYM_BASE + cp;
}

/** The keysyms that type `text`, in order; \r\n is one Return. */
export function pasteKeysyms(text: string): number[] {
  const out: number[] = [];
  const normalised = text.replace(/\r\n/g, "\n");
  for (const char of normalised) {
    const keysym = keysymOf(char);
    if (keysym !== null) out.push(keysym);
  }

  return out;
}
