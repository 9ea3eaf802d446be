// The countdown face's wheels, turned by the browser's animations.
import { countdownWheels } from './countdown.ts';

/** Each of the face's strips, which shows its wheel's first label, gets the others and slides one per change. */
export function turnFace(face: HTMLElement): () => void {
  const animations = countdownWheels().map(({ labels, starts, periodMs, periods, endRow }, w) => {
    const strip = face.children[w]?.lastElementChild?.firstElementChild as HTMLElement;
    // Lines of one text after React's own first label: an element each would be styled one by one.
    strip.append(`\n${labels.slice(1).join('\n')}`);
    const at = (row: number) => `translateY(${(-100 * row) / labels.length}%)`;
    const keyframes: Keyframe[] = starts.map((offset, row) => ({ offset, transform: at(row), easing: 'step-end' }));
    keyframes.push({ offset: 1, transform: at(endRow) });
    const animation = strip.animate(keyframes, { duration: periodMs, iterations: periods, fill: 'forwards' });
    animation.startTime = 0;
    return animation;
  });
  return () => animations.forEach((a) => a.cancel());
}
