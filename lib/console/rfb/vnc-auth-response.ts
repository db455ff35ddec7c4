import { desEncryptEcb } from "./des";

/**
 * The answer to a VNC authentication challenge (RFC 6143 7.2.2): the 16-byte challenge DES-encrypted
 * with the password as key. The key is the password's first 8 bytes (zero-padded), each byte with
 * its bits mirrored: the original VNC code fed DES its key least significant bit first, and every
 * VNC client and server since does the same.
 */
export function vncAuthResponse(password: string, challenge: Uint8Array): Uint8Array {
  const key = new Uint8Array(8);
  const bytes = Buffer.from(password, "latin1");
  for (let i = 0; i < 8 && i < bytes.length; i++) key[i] = reverseBits(bytes[i]!);
  return desEncryptEcb(key, challenge);
}

function reverseBits(byte: number): number {
  let out = 0;
  for (let i = 0; i < 8; i++) out |= ((byte >> i) & 1) << (7 - i);
  return out;
}
