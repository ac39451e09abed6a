import type { Camera } from 'sigma';

/**
 * The graph canvas by keyboard (it has focus after Tab): + and − zoom, 0 resets the view, the
 * arrows pan by a tenth of the view, Escape clears the selection. Undefined for any other key,
 * which then keeps its default (Tab moves on).
 */
export function cameraMoveFor(key: string, camera: Camera, onEscape: () => void): (() => void) | undefined {
  const step = 0.1 * camera.ratio;
  const moves: Record<string, () => void> = {
    '+': () => void camera.animatedZoom({ duration: 150 }),
    '=': () => void camera.animatedZoom({ duration: 150 }),
    '-': () => void camera.animatedUnzoom({ duration: 150 }),
    '0': () => void camera.animatedReset({ duration: 150 }),
    ArrowLeft: () => camera.setState({ x: camera.x - step }),
    ArrowRight: () => camera.setState({ x: camera.x + step }),
    ArrowUp: () => camera.setState({ y: camera.y + step }),
    ArrowDown: () => camera.setState({ y: camera.y - step }),
    Escape: onEscape,
  };
  return moves[key];
}
