// Every refusal of the file manager is one typed error: the HTTP and SFTP layers map `code` to a status
// (404 for not_found, 409 for exists, 413 for too_large/quota_exceeded, 400 otherwise) and show `message`.
export type FileErrorCode =
  | "outside_root"
  | "not_found"
  | "is_directory"
  | "not_directory"
  | "exists"
  | "quota_exceeded"
  | "too_large"
  | "invalid_path"
  | "archive_refused";

export class FileError extends Error {
  readonly code: FileErrorCode;

  constructor(code: FileErrorCode, message: string) {
    super(message);
    this.name = "FileError";
    this.code = code;
  }
}

export function isFileError(error: unknown, code?: FileErrorCode): error is FileError {
  return error instanceof FileError && (code === undefined || error.code === code);
}
