/**
 * A text-mode display (80x25 by default): a tiny VT100 interpreter that keeps a grid of cells. The
 * simulated guests write the same VT100 text to it that a serial console (xterm) receives, and the
 * RFB server draws its cells with a bitmap font. Every row carries a version number that grows when
 * the row changes, so each connected viewer sends only the rows it has not seen yet.
 */
export interface Cell {
  char: string;
  /** Palette index 0-15 (VGA order: black, red, green, yellow, blue, magenta, cyan, white, then bright). */
  fg: number;
  bg: number;
}

const DEFAULT_FG = 7;
const DEFAULT_BG = 0;

export class TextScreen {
  readonly cols: number;
  readonly rows: number;
  private cells: Cell[][];
  private versions: number[];
  private version = 0;
  private listeners = new Set<() => void>();
  cursorRow = 0;
  cursorCol = 0;
  private fg = DEFAULT_FG;
  private bg = DEFAULT_BG;
  private bold = false;
  /** An escape sequence split across two writes. */
  private pendingEscape = "";

  constructor(cols = 80, rows = 25) {
    this.cols = cols;
    this.rows = rows;
    this.cells = Array.from({ length: rows }, () => this.blankRow());
    this.versions = Array.from({ length: rows }, () => 0);
  }

  /** The row's cells (do not modify). */
  row(index: number): readonly Cell[] {
    return this.cells[index]!;
  }

  /** The row's text with trailing spaces removed (tests and logs read this). */
  rowText(index: number): string {
    return this.cells[index]!.map((c) => c.char).join("").replace(/\s+$/, "");
  }

  /** The whole screen as text, one line per row. */
  text(): string {
    return Array.from({ length: this.rows }, (_, i) => this.rowText(i)).join("\n");
  }

  rowVersion(index: number): number {
    return this.versions[index]!;
  }

  /** Called after every write that changed something. Returns the unsubscribe function. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  clear() {
    this.cells = Array.from({ length: this.rows }, () => this.blankRow());
    for (let r = 0; r < this.rows; r++) this.touch(r);
    this.cursorRow = 0;
    this.cursorCol = 0;
    this.notify();
  }

  /** Writes VT100 text: printable characters, \r, \n, \b, \t, SGR colours, ESC[2J and ESC[H. */
  write(text: string) {
    const input = this.pendingEscape + text;
    this.pendingEscape = "";
    const oldCursor = this.cursorRow;
    for (let i = 0; i < input.length; i++) {
      const ch = input[i]!;
      if (ch === "\x1b") {
        const rest = input.slice(i);
        const match = /^\x1b\[([0-9;?]*)([A-Za-z])/.exec(rest);
        if (!match) {
          if (rest.length < 16 && /^\x1b(\[[0-9;?]*)?$/.test(rest)) {
            this.pendingEscape = rest;
            break;
          }
          continue;
        }
        this.escape(match[1]!, match[2]!);
        i += match[0].length - 1;
        continue;
      }
      if (ch === "\r") this.cursorCol = 0;
      else if (ch === "\n") this.lineFeed();
      else if (ch === "\b") this.cursorCol = Math.max(0, this.cursorCol - 1);
      else if (ch === "\t") this.cursorCol = Math.min(this.cols - 1, (Math.floor(this.cursorCol / 8) + 1) * 8);
      else if (ch >= " ") this.put(ch);
    }
    // The cursor is drawn by the renderer: both the row it left and the row it is on change.
    this.touch(oldCursor);
    this.touch(this.cursorRow);
    this.notify();
  }

  private escape(params: string, command: string) {
    const numbers = params.split(";").filter(Boolean).map(Number);
    if (command === "m") {
      if (numbers.length === 0) numbers.push(0);
      for (const n of numbers) {
        if (n === 0) {
          this.fg = DEFAULT_FG;
          this.bg = DEFAULT_BG;
          this.bold = false;
        } else if (n === 1) this.bold = true;
        else if (n >= 30 && n <= 37) this.fg = n - 30;
        else if (n >= 90 && n <= 97) this.fg = n - 90 + 8;
        else if (n >= 40 && n <= 47) this.bg = n - 40;
        else if (n === 39) this.fg = DEFAULT_FG;
        else if (n === 49) this.bg = DEFAULT_BG;
      }
    } else if (command === "J" && numbers[0] === 2) {
      this.cells = Array.from({ length: this.rows }, () => this.blankRow());
      for (let r = 0; r < this.rows; r++) this.touch(r);
    } else if (command === "H") {
      this.cursorRow = Math.min(this.rows - 1, Math.max(0, (numbers[0] ?? 1) - 1));
      this.cursorCol = Math.min(this.cols - 1, Math.max(0, (numbers[1] ?? 1) - 1));
    } else if (command === "K") {
      const row = this.cells[this.cursorRow]!;
      for (let c = this.cursorCol; c < this.cols; c++) row[c] = this.blank();
      this.touch(this.cursorRow);
    }
  }

  private put(ch: string) {
    if (this.cursorCol >= this.cols) {
      this.cursorCol = 0;
      this.lineFeed();
    }
    const fg = this.bold && this.fg < 8 ? this.fg + 8 : this.fg;
    this.cells[this.cursorRow]![this.cursorCol] = { char: ch, fg, bg: this.bg };
    this.touch(this.cursorRow);
    this.cursorCol++;
  }

  private lineFeed() {
    if (this.cursorRow < this.rows - 1) {
      this.cursorRow++;
      return;
    }
    this.cells.shift();
    this.cells.push(this.blankRow());
    for (let r = 0; r < this.rows; r++) this.touch(r);
  }

  private touch(row: number) {
    this.versions[row] = ++this.version;
  }

  private notify() {
    for (const listener of this.listeners) listener();
  }

  private blank(): Cell {
    return { char: " ", fg: DEFAULT_FG, bg: this.bg };
  }

  private blankRow(): Cell[] {
    return Array.from({ length: this.cols }, () => ({ char: " ", fg: DEFAULT_FG, bg: DEFAULT_BG }));
  }
}
