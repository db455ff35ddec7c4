import { TextScreen } from "@/lib/console/text-screen";
import type { Clock } from "../clock";
import type { GuestScene, ShellProfile } from "./guest-scene";
import { LoginShell } from "./login-shell";

/** Someone looking at the machine: a serial viewer receives the text, an RFB viewer reads `screen`. */
export interface GuestViewer {
  text?(text: string): void;
  /** The machine has no display any more (the notice is already on screen). */
  end(reason: string): void;
}

export interface GuestConsoleOptions {
  /** The machine's scene as of now: polled every `pollMs` while someone is attached. */
  read(): Promise<GuestScene>;
  clock: Clock;
  pollMs: number;
  /** Nobody is attached any more, or the machine went away: the registry forgets this console. */
  onIdle(): void;
}

/** What a new serial viewer is sent first: the output since the last clear, at most this much. */
const TRANSCRIPT_LIMIT = 64 * 1024;

/**
 * One machine's display, shared by everyone attached to it (like a VNC server's framebuffer): the
 * text screen RFB viewers draw, the VT100 transcript serial viewers read, and one login shell that
 * every viewer's keys go to. It follows the machine's state in the database while attached.
 */
export class GuestConsole {
  readonly screen = new TextScreen();
  private transcript = "";
  private readonly viewers = new Set<GuestViewer>();
  private scene: GuestScene | null = null;
  private profile: ShellProfile | null = null;
  /** Lines of the current life already written. */
  private drawn = 0;
  private status: string | undefined;
  private shell: LoginShell | null = null;
  private timer: NodeJS.Timeout | null = null;
  private inFlight: Promise<void> | null = null;
  private ended = false;

  constructor(
    initial: GuestScene,
    private readonly options: GuestConsoleOptions,
  ) {
    this.apply(initial);
  }

  get viewerCount(): number {
    return this.viewers.size;
  }

  /** The machine went away: nothing more is shown and nobody can attach. */
  get hasEnded(): boolean {
    return this.ended;
  }

  /** Adds a viewer; a serial one first gets the transcript. Returns the function that detaches it. */
  attach(viewer: GuestViewer): () => void {
    if (this.ended) {
      viewer.end("The machine has no display");
      return () => {};
    }
    this.viewers.add(viewer);
    if (viewer.text && this.transcript) viewer.text(this.transcript);
    if (!this.timer) {
      this.timer = setInterval(() => {
        if (!this.inFlight) void this.refresh();
      }, this.options.pollMs);
      this.timer.unref();
    }
    return () => this.detach(viewer);
  }

  /** Keyboard input from any viewer, as terminal bytes. A paused guest reads nothing. */
  input(text: string) {
    if (this.ended || this.scene?.frozen) return;
    this.shell?.input(text);
  }

  /**
   * Reads the machine's state and shows what changed (the poll). The read starts after the call:
   * a caller that changed the machine sees its change once this resolves.
   */
  async refresh(): Promise<void> {
    while (this.inFlight) await this.inFlight;
    if (this.ended) return;
    const read = this.readAndApply();
    this.inFlight = read;
    try {
      await read;
    } finally {
      if (this.inFlight === read) this.inFlight = null;
    }
  }

  private async readAndApply() {
    try {
      const scene = await this.options.read();
      if (!this.ended) this.apply(scene);
    } catch {
      // A failed read (database busy or closing) keeps the screen as it is; the next poll tries again.
    }
  }

  private apply(scene: GuestScene) {
    if (scene.gone !== undefined) {
      this.finish(scene.gone);
      return;
    }
    const previous = this.scene;
    this.scene = scene;
    if (scene.shell) this.profile = scene.shell;
    const newLife = !previous || previous.life !== scene.life;
    if (newLife) {
      this.stopShell();
      this.clear();
      this.drawn = 0;
      this.status = undefined;
    } else if (scene.frozen) {
      return;
    }
    const fresh = scene.lines.slice(this.drawn);
    if (fresh.length > 0) {
      // The system prints over whatever the shell had (a shutdown's messages): the shell is gone.
      if (this.shell) {
        this.stopShell();
        this.write("\r\n");
      }
      if (this.status !== undefined) {
        this.write("\r\x1b[K");
        this.status = undefined;
      }
      this.write(fresh.map((line) => `${line}\r\n`).join(""));
      this.drawn = scene.lines.length;
    }
    if (scene.status !== undefined && scene.status !== this.status) {
      this.write(`\r\x1b[K${scene.status}`);
      this.status = scene.status;
    }
    if (!scene.shell) this.stopShell();
    else if (!this.shell) {
      this.shell = new LoginShell(
        { write: (text) => this.write(text), clear: () => this.clear(), now: () => this.options.clock.now() },
        () => this.profile!,
      );
      this.shell.start();
    }
  }

  private stopShell() {
    this.shell?.stop();
    this.shell = null;
  }

  private clear() {
    this.transcript = "";
    this.write("\x1b[2J\x1b[H");
  }

  private write(text: string) {
    if (!text) return;
    this.screen.write(text);
    this.transcript += text;
    if (this.transcript.length > TRANSCRIPT_LIMIT) {
      // Cut at a line start, so a replay never begins inside an escape sequence.
      const cut = this.transcript.indexOf("\n", this.transcript.length - TRANSCRIPT_LIMIT);
      this.transcript = cut < 0 ? "" : this.transcript.slice(cut + 1);
    }
    for (const viewer of this.viewers) viewer.text?.(text);
  }

  private finish(notice: string) {
    this.stopShell();
    this.write(`\r\n\r\n\x1b[1m${notice}\x1b[0m\r\n`);
    this.ended = true;
    const viewers = [...this.viewers];
    this.viewers.clear();
    for (const viewer of viewers) viewer.end(notice);
    this.stopTimer();
    this.options.onIdle();
  }

  private detach(viewer: GuestViewer) {
    if (!this.viewers.delete(viewer) || this.viewers.size > 0) return;
    this.stopTimer();
    this.options.onIdle();
  }

  private stopTimer() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
