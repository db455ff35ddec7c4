import type { ShellProfile } from "./guest-scene";
import { runCommand } from "./shell-commands";

/** Where the shell writes (the machine's one screen and every serial viewer) and reads the time. */
export interface ShellTerminal {
  write(text: string): void;
  /** Clears the screen (ESC[2J ESC[H, and the serial transcript starts again). */
  clear(): void;
  now(): Date;
}

const MAX_LINE = 256;

/**
 * A getty, login and root shell in one: the line discipline a Linux console gives (echo, BackSpace,
 * Ctrl-C, Ctrl-U, Ctrl-D, no echo for the password), the login prompt, and a few commands. Input is
 * the bytes a terminal sends ("\r", "\x7f", "\x03"); RFB keys arrive translated by KeysymInput.
 */
export class LoginShell {
  private mode: "login" | "password" | "shell" = "login";
  private line = "";
  private user = "";
  /** Input that arrived while a login or a command was running: read after it. */
  private pending = "";
  private busy = false;
  /** An escape sequence being typed (arrow keys): skipped, this line editor has no history. */
  private escape = "";
  private lastWasCr = false;
  private stopped = false;

  constructor(
    private readonly term: ShellTerminal,
    private readonly profile: () => ShellProfile,
  ) {}

  /** Shows the login prompt. */
  start() {
    this.term.write(this.getty());
  }

  /** The system went away (reboot, shutdown): later input is ignored. */
  stop() {
    this.stopped = true;
  }

  input(text: string) {
    if (this.stopped) return;
    if (this.busy) {
      this.pending += text;
      return;
    }
    for (let i = 0; i < text.length; i++) {
      const action = this.key(text[i]!);
      if (action) {
        this.busy = true;
        this.pending = text.slice(i + 1) + this.pending;
        void action
          .catch(() => this.term.write("\r\n-bash: internal error\r\n" + this.prompt()))
          .finally(() => {
            this.busy = false;
            const rest = this.pending;
            this.pending = "";
            if (rest) this.input(rest);
          });
        return;
      }
    }
  }

  /** One input character; an Enter that needs work (login, a command) returns its promise. */
  private key(ch: string): Promise<void> | null {
    const cr = this.lastWasCr;
    this.lastWasCr = ch === "\r";
    if (this.escape) {
      if (this.escape === "\x1b") this.escape = ch === "[" || ch === "O" ? this.escape + ch : "";
      else if (ch >= "@" && ch <= "~") this.escape = "";
      return null;
    }
    switch (ch) {
      case "\x1b":
        this.escape = ch;
        return null;
      case "\n":
        if (cr) return null;
        return this.enter();
      case "\r":
        return this.enter();
      case "\x7f":
      case "\b":
        if (this.line) {
          this.line = this.line.slice(0, -1);
          if (this.mode !== "password") this.term.write("\b \b");
        }
        return null;
      case "\x03":
        this.line = "";
        if (this.mode === "password") this.mode = "login";
        this.term.write("^C\r\n" + (this.mode === "shell" ? this.prompt() : this.loginPrompt()));
        return null;
      case "\x15":
        if (this.mode !== "password") this.term.write("\b \b".repeat(this.line.length));
        this.line = "";
        return null;
      case "\x04":
        if (this.mode === "shell" && !this.line) return this.logout();
        return null;
      case "\x0c":
        if (this.mode === "shell") {
          this.term.clear();
          this.term.write(this.prompt() + this.line);
        }
        return null;
      case "\t":
        this.term.write("\x07");
        return null;
      default:
        if (ch < " " || this.line.length >= MAX_LINE) return null;
        this.line += ch;
        if (this.mode !== "password") this.term.write(ch);
        return null;
    }
  }

  private enter(): Promise<void> | null {
    const line = this.line;
    this.line = "";
    this.term.write("\r\n");
    if (this.mode === "login") {
      if (!line.trim()) {
        this.term.write(this.loginPrompt());
        return null;
      }
      this.user = line.trim();
      this.mode = "password";
      this.term.write("Password: ");
      return null;
    }
    if (this.mode === "password") return this.login(line);
    return this.command(line);
  }

  private async login(password: string) {
    const profile = this.profile();
    const ok = this.user === "root" && (await profile.checkPassword(password));
    if (this.stopped) return;
    if (!ok) {
      this.mode = "login";
      this.term.write(`\r\nLogin incorrect\r\n${this.loginPrompt()}`);
      return;
    }
    this.mode = "shell";
    const banner =
      profile.system === "rescue"
        ? ""
        : `Linux ${profile.hostname} ${profile.kernel} #1 SMP PREEMPT_DYNAMIC x86_64\r\n\r\nType "help" for the commands this console answers.\r\n`;
    this.term.write(banner + this.prompt());
  }

  private async command(line: string) {
    const result = await runCommand(line, this.profile(), this.term.now());
    if (this.stopped) return;
    this.term.write(result.output.replace(/\n/g, "\r\n"));
    if (result.then === "logout") return this.logout();
    if (result.then === "clear") this.term.clear();
    this.term.write(this.prompt());
  }

  private async logout() {
    this.mode = "login";
    this.line = "";
    this.term.clear();
    this.term.write(this.getty());
  }

  private prompt() {
    const profile = this.profile();
    const host = profile.hostname.split(".")[0];
    return profile.system === "rescue" ? `root@${host} ~ # ` : `root@${host}:~# `;
  }

  private loginPrompt() {
    return `${this.profile().hostname} login: `;
  }

  /** What agetty prints: the issue line, then the login prompt. */
  private getty() {
    const profile = this.profile();
    return `\r\n${profile.issue} ${profile.hostname} tty1\r\n\r\n${this.loginPrompt()}`;
  }
}
