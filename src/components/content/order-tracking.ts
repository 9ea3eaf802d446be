// Browser side of /order-tracking.
const NOT_IMPLEMENTED = 'Order tracking is not implemented in this demo.';

export function initOrderTracking(): void {
  const form = document.querySelector<HTMLFormElement>('#order-tracking-form');
  const orderInput = document.querySelector<HTMLInputElement>('#order-number');
  const status = document.querySelector<HTMLElement>('#order-tracking-status');
  if (!form || !orderInput || !status) return;

  const orderId = new URLSearchParams(window.location.search).get('orderId')?.trim();
  // A value the shopper already typed (back/forward restores it) wins over the link's.
  if (orderId && !orderInput.value) orderInput.value = orderId;

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    // Clearing first makes screen readers announce the message again on a repeated submit.
    status.textContent = '';
    requestAnimationFrame(() => {
      status.textContent = NOT_IMPLEMENTED;
    });
  });
}
