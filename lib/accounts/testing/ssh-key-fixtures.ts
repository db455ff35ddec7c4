import { generateKeyPairSync } from "node:crypto";

// Public keys made with ssh-keygen, and the fingerprints `ssh-keygen -lf` printed for them.
export const SSH_KEY_FIXTURES = {
  ed25519: {
    line: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAII6gJDajf7MaJBiMVxtH//JhURtINd5/H22uPbZj+IrF ed25519@laptop",
    fingerprint: "SHA256:BDwBbtJSMqka5P44yCD8EMuTX0fZcMky7BCGb9P5Zn8",
  },
  rsa2048: {
    line: "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC+efOCfklGnuY8zC7TD2sOR7U5HK7wpIkgFPF7GO0A9xnQR+mH89zNK4p3IPosCHVSJXgOdjUnggZJySjF0VMjasjiuiTFrWFdQKYTEvXoijxvu3mVsOcKqSWWOOiZDHVUxct0KZKvKNfP32UwTG1chY6ZTHTzcbmOYFz4Wb1fOx5JP5c0pA0+2yP2G26ioEj4UJQ2JQmjHbSIx4P7fqgQssKKKXqZeeYXo0V9cGNA3d9Z4xRFkX5pvdVKFlViBBEZUtj1KrBQB02FmqbbCB+h4/sbq5hA4Dxmo/K85RPnPSAOI3V5PRxxAGABuGa7Xt5mqQxOcsvXXu3kRdSL3ZfT rsa@laptop",
    fingerprint: "SHA256:9+BBxCIrALWM19Vs0wwf/tRimLEPX6KwTM8v9SxuWmY",
  },
  rsa1024: {
    line: "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAAAgQDWVeE84KXcRT7EgSHU1UFZKIPCqdTOkxYrygM6ebw+FVBkPcRke65NrZQlgYXPHZEBNKx9jReQTzCVRxCMaK71hGczDtq7JtZfUl021Y0vQ+41alwQ+62S17rnBfMH3kx8f4V+RdzSG07GDTRm+9QY5XtkEgOcekSYClMOwBN6aQ== old@laptop",
    fingerprint: "SHA256:6olWvP1iJ0z+PdwbMKIAR6DR/NAd1rS2BjO0ZFdep1g",
  },
  ecdsa256: {
    line: "ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBBaH+h3QRztUW5KHFGE7ZBHLi9oOlCAC5zZP5s1uOGqMa6gshz6/NA9QhtvSNiSqIsdWzhsCYj8NyIMgDMK1UiM= ecdsa@laptop",
    fingerprint: "SHA256:nmmzfTEKntNCyhX3CembL5GXJItTWd6SyV3zNNTtnrY",
  },
} as const;

const sshString = (value: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(value.length);
  return Buffer.concat([length, value]);
};

/** A fresh ed25519 public key line (unique per call), as `ssh-keygen` would print it. */
export function freshEd25519Key(comment = "test@rackfront"): string {
  const { publicKey } = generateKeyPairSync("ed25519");
  const x = Buffer.from(publicKey.export({ format: "jwk" }).x!, "base64url");
  const blob = Buffer.concat([sshString(Buffer.from("ssh-ed25519")), sshString(x)]);
  return `ssh-ed25519 ${blob.toString("base64")} ${comment}`;
}
