import { describe, expect, it } from "vitest";
import { attachmentDisposition } from "./content-disposition";

describe("attachmentDisposition", () => {
  it("names a plain file as it is", () => {
    expect(attachmentDisposition("server.properties")).toBe(`attachment; filename="server.properties"; filename*=UTF-8''server.properties`);
  });

  it("cannot be broken out of by quotes, semicolons or line breaks", () => {
    const header = attachmentDisposition('a";\r\nSet-Cookie: x=1.txt');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.match(/"/g)).toHaveLength(2);
    expect(header).toContain(`filename*=UTF-8''a%22%3B%0D%0ASet-Cookie%3A%20x%3D1.txt`);
  });

  it("keeps a Unicode name exactly and gives an ASCII fallback", () => {
    expect(attachmentDisposition("wörld's.zip")).toBe(`attachment; filename="w_rld_s.zip"; filename*=UTF-8''w%C3%B6rld%27s.zip`);
  });

  it("never suggests a hidden file or an empty name", () => {
    expect(attachmentDisposition(".env")).toContain(`filename="_env"`);
    expect(attachmentDisposition("")).toContain(`filename="download"`);
  });
});
