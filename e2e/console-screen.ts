import type { Locator } from "@playwright/test";
import { readScreenText } from "@/lib/console/rfb/testing/read-screen-text";

/**
 * The text a console canvas shows, read from its pixels: noVNC draws the framebuffer at its own size
 * (scaling is CSS only), so each 8x16 cell is matched against the console font's glyphs. This reads
 * what a person sees, not the DOM.
 */
export async function screenText(canvas: Locator): Promise<string> {
  const { width, height, pixels } = await canvas.evaluate((element) => {
    const c = element as HTMLCanvasElement;
    // noVNC sizes the canvas only after the server's first framebuffer: until then it is 0x0 and
    // getImageData throws, which means "nothing shown yet", not a failure.
    if (c.width === 0 || c.height === 0) return { width: 0, height: 0, pixels: "" };
    const data = c.getContext("2d")!.getImageData(0, 0, c.width, c.height).data;
    let binary = "";
    for (let i = 0; i < data.length; i += 0x8000) binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
    return { width: c.width, height: c.height, pixels: btoa(binary) };
  });
  if (width < 8 || height < 16) return "";
  return readScreenText(Buffer.from(pixels, "base64"), width, height).join("\n");
}
