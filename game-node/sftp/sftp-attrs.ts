import { constants, type Stats } from "node:fs";
import type { Attributes } from "ssh2";
import type { FileEntry } from "../files/server-root";

const { S_IFMT, S_IFDIR, S_IFREG, S_IFLNK } = constants;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const SIX_MONTHS_MS = 182 * 24 * 60 * 60 * 1000;

/** SFTP attributes of an entry: its own type and permission bits (links are not followed), size and times. */
export function attrsOfStats(st: Stats): Attributes {
  return {
    mode: st.mode & (S_IFMT | 0o7777),
    uid: st.uid,
    gid: st.gid,
    size: st.size,
    atime: Math.floor(st.atimeMs / 1000),
    mtime: Math.floor(st.mtimeMs / 1000),
  };
}

/** The same from a `ServerRoot.list` entry (uid/gid are the node's: it owns what it creates). */
export function attrsOfEntry(entry: FileEntry): Attributes {
  const type = entry.type === "dir" ? S_IFDIR : entry.type === "file" ? S_IFREG : entry.type === "symlink" ? S_IFLNK : 0;
  const mtime = Math.floor(Date.parse(entry.modifiedAt) / 1000);
  return { mode: type | parseInt(entry.mode, 8), uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0, size: entry.size, atime: mtime, mtime };
}

/**
 * An `ls -l` line, as OpenSSH's sftp-server writes it: type and permissions, links, owner, group, size,
 * date (time of day within six months, else the year) and name. Times are UTC: the node's zone means
 * nothing to the user. The owner shown is the SFTP user, not a host account name.
 */
export function longname(name: string, attrs: Attributes, owner: string, now = Date.now()): string {
  const when = new Date(attrs.mtime * 1000);
  const day = `${MONTHS[when.getUTCMonth()]} ${String(when.getUTCDate()).padStart(2, " ")}`;
  const recent = Math.abs(now - when.getTime()) < SIX_MONTHS_MS;
  const time = recent
    ? `${String(when.getUTCHours()).padStart(2, "0")}:${String(when.getUTCMinutes()).padStart(2, "0")}`
    : ` ${when.getUTCFullYear()}`;
  const user = owner.padEnd(8, " ");
  return `${modeString(attrs.mode)}    1 ${user} ${user} ${String(attrs.size).padStart(8, " ")} ${day} ${time} ${name}`;
}

export function modeString(mode: number): string {
  const type = mode & S_IFMT;
  const typeChar = type === S_IFDIR ? "d" : type === S_IFLNK ? "l" : type === S_IFREG ? "-" : "?";
  const rwx = (bits: number, special: boolean, specialChar: string) =>
    (bits & 4 ? "r" : "-") + (bits & 2 ? "w" : "-") + (special ? (bits & 1 ? specialChar : specialChar.toUpperCase()) : bits & 1 ? "x" : "-");
  return (
    typeChar +
    rwx((mode >> 6) & 7, (mode & 0o4000) !== 0, "s") +
    rwx((mode >> 3) & 7, (mode & 0o2000) !== 0, "s") +
    rwx(mode & 7, (mode & 0o1000) !== 0, "t")
  );
}
