/**
 * Reads a QR code SVG drawn by the `qrcode` library back into its module matrix (dark = true): its one dark
 * path is horizontal runs, `M{x} {y+0.5}h{n}` then `m{dx} {dy}h{n}` relative moves. `margin` is the quiet zone the
 * code was drawn with, taken off so the matrix compares with QRCode.create(...).modules.
 */
export function svgModules(svg: string, margin: number): boolean[][] {
  const size = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)![1]) - 2 * margin;
  const path = /<path stroke="#000000" d="([^"]+)"/.exec(svg)![1]!;
  const grid = Array.from({ length: size }, () => Array.from({ length: size }, () => false));
  let x = 0;
  let y = 0;
  for (const [, op, a, b] of path.matchAll(/([MmHhVv])(-?[\d.]+)(?: (-?[\d.]+))?/g)) {
    const n = Number(a);
    if (op === 'M') [x, y] = [n, Number(b)];
    else if (op === 'm') [x, y] = [x + n, y + Number(b)];
    else if (op === 'h') {
      for (let i = 0; i < n; i++) grid[Math.floor(y) - margin]![x + i - margin] = true;
      x += n;
    } else throw new Error(`unexpected path command ${op}`);
  }
  return grid;
}
