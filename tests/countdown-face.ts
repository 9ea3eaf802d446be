// The deal countdown's face as a shopper reads it, for the browser tests of every engine: each wheel's label that
// sits in its window (the face is drawn by animations, so its text holds every label). 'mm:ss.cc', or null before
// the banner shows.
export const READ_COUNTDOWN_FACE = `(() => {
  const face = document.querySelector('[data-testid="countdown-face"]');
  if (!face) return null;
  const parts = [...face.children].map((wheel) => {
    const window = wheel.lastElementChild.getBoundingClientRect();
    const rows = [...wheel.lastElementChild.firstElementChild.children];
    const row = rows.find((r) => Math.abs(r.getBoundingClientRect().top - window.top) < window.height / 2);
    return row ? row.textContent : '??';
  });
  return parts[0] + ':' + parts[1] + '.' + parts[2];
})()`;
