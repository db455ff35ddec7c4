import ssh2 from "ssh2";
import { FileError } from "../files/file-error";

const { STATUS_CODE } = ssh2.utils.sftp;

export interface SftpStatus {
  code: number;
  message: string;
}

/**
 * A refusal as an SFTP status: `not_found` is NO_SUCH_FILE; a path that leaves the root, goes through a
 * link or breaks the path rule is PERMISSION_DENIED; every other FileError is FAILURE with its sentence
 * (user paths only). Anything else is FAILURE with a fixed sentence: errno messages carry host paths.
 */
export function sftpStatusFor(error: unknown): SftpStatus {
  if (error instanceof FileError) {
    switch (error.code) {
      case "not_found":
        return { code: STATUS_CODE.NO_SUCH_FILE, message: error.message };
      case "outside_root":
      case "invalid_path":
      case "archive_refused":
        return { code: STATUS_CODE.PERMISSION_DENIED, message: error.message };
      default:
        return { code: STATUS_CODE.FAILURE, message: error.message };
    }
  }
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === "EACCES" || code === "EPERM") return { code: STATUS_CODE.PERMISSION_DENIED, message: "Permission denied." };
  return { code: STATUS_CODE.FAILURE, message: typeof code === "string" ? `The operation failed (${code}).` : "The operation failed." };
}
