// Draws the confetti into the canvas the page hands over, and says when it has fallen.
import { create } from 'canvas-confetti';
import { fireBursts } from './confetti-bursts.ts';

interface WorkerScope {
  onmessage: ((event: MessageEvent<{ canvas: OffscreenCanvas }>) => void) | null;
  postMessage(message: 'fallen'): void;
}
const scope = globalThis as unknown as WorkerScope;

scope.onmessage = ({ data }) => {
  const fire = create(data.canvas as unknown as HTMLCanvasElement, { resize: false, useWorker: false });
  void fireBursts(fire).then(() => scope.postMessage('fallen'));
};
