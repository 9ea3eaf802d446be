// The confetti's two bursts, from the worker or the page.
import type { CreateTypes } from 'canvas-confetti';

const COLORS = ['#0d7a6c', '#c9f5ec', '#ffc439', '#0f172a', '#f97316'];

export function fireBursts(fire: CreateTypes): Promise<unknown> {
  const burst = (x: number, angle: number) =>
    fire({
      particleCount: 90,
      spread: 70,
      startVelocity: 45,
      angle,
      origin: { x, y: 0.7 },
      colors: COLORS,
      ticks: 220,
    });
  return Promise.all([burst(0.15, 60), burst(0.85, 120)]);
}
