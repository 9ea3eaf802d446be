// The deal countdown's face as a shopper reads it, for the browser tests of every engine: each wheel's label that
// sits in its window (the face is drawn by animations, so its text holds every label, a line each). 'mm:ss.cc', or
// null before the banner shows.
export const READ_COUNTDOWN_FACE = `(() => {
  const face = document.querySelector('[data-testid="countdown-face"]');
  if (!face) return null;
  const parts = [...face.children].map((wheel) => {
    const window = wheel.lastElementChild.getBoundingClientRect();
    const strip = wheel.lastElementChild.firstElementChild;
    const lines = strip.textContent.split('\\n');
    const box = strip.getBoundingClientRect();
    const row = Math.round((window.top - box.top) / (box.height / lines.length));
    return lines[row] ?? '??';
  });
  return parts[0] + ':' + parts[1] + '.' + parts[2];
})()`;
