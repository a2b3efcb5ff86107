/*
 * The Share panel's animated GIF (src/web/page/app/section.py): SVG pictures of a search's
 * steps (drawn by the core's sudoku.render in the worker) become the frames of one GIF.
 * Each picture is drawn on a canvas, reduced to its own palette and added as a frame by
 * gifenc (mattdesl's encoder, vendored from npm by scripts/vendor.py: nothing from a
 * CDN), which loads only when a GIF is asked for.
 */

const GIFENC = new URL("../vendor/gifenc/gifenc.esm.js", import.meta.url).href;

/** One SVG text as an image, decoded. */
async function picture(svg) {
  const url = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** An animated GIF (a Blob) of `svgs`, `delay` ms a frame, looping for ever. */
async function gifOf(svgs, delay) {
  const { GIFEncoder, quantize, applyPalette } = await import(GIFENC);
  const gif = GIFEncoder();
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  for (const svg of svgs) {
    const image = await picture(svg);
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    const palette = quantize(data, 256);
    gif.writeFrame(applyPalette(data, palette), canvas.width, canvas.height, { palette, delay, repeat: 0 });
  }
  gif.finish();
  return new Blob([gif.bytes()], { type: "image/gif" });
}

window.sudokuLabGif = gifOf;
