import type { Locator, Page } from 'playwright-core';

/**
 * How many of an element's pixels are coloured (a channel spread above 40: not the grey base map or the
 * white ground), read from a screenshot: a WebGL canvas's own buffer is cleared once composited. The maps'
 * base layers are drawn in greys, so coloured pixels are the chart's own layers.
 *
 * A page screenshot clipped to the element, not the element's own: that one waits for the element to be
 * still over animation frames, which a dashboard drawing a dozen WebGL maps in software did not grant
 * within 30 s.
 *
 * @example
 * expect(await colouredPixels(page, host.locator('canvas.bi-deck-canvas'))).toBeGreaterThan(50);
 */
export async function colouredPixels(page: Page, element: Locator): Promise<number> {
  await element.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = await element.boundingBox();
  if (!box || box.width < 1 || box.height < 1) return 0;
  const png = (await page.screenshot({ clip: box })).toString('base64');
  return page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const c = document.createElement('canvas');
    [c.width, c.height] = [image.width, image.height];
    const ctx = c.getContext('2d')!;
    ctx.drawImage(image, 0, 0);
    const px = ctx.getImageData(0, 0, c.width, c.height).data;
    let coloured = 0;
    for (let i = 0; i < px.length; i += 4) if (Math.max(px[i], px[i + 1], px[i + 2]) - Math.min(px[i], px[i + 1], px[i + 2]) > 40) coloured += 1;
    return coloured;
  }, png);
}
