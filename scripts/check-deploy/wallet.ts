// The first wallet's button as a shopper meets it on the product page: its SDK (the provider's, or the demo's
// stand-in) loads on the first interaction (scroll, pointer) and draws its button. In the demo a click opens the
// "Demo wallet" dialog, which is cancelled; a real button is not clicked, since that would create an order and open
// the provider's checkout.
import type { Page, Request } from '@playwright/test';
import { WALLET_PAGES } from '../../src/build/index.ts';
import { classifyViolation, describeViolation, violationFix, type Violation, type ViolationContext } from './csp.ts';
import { take } from './browser.ts';
import { failed, passed, type CheckResult } from './report.ts';

const NAME = 'wallet';
const PLACEMENT = '[data-wallet-placement="product"]';
const WALLET = WALLET_PAGES[0]!;
const BUTTON = `the ${WALLET.name} button`;
/** The SDK is the page's one script from outside the build's own folder: the provider's or the demo's. */
const isSdk = (request: Request) =>
  request.resourceType() === 'script' && !new URL(request.url()).pathname.startsWith('/_astro/');

export interface WalletOutcome {
  result: CheckResult;
  /** The SDK's URL as requested, for the other checks' messages. */
  sdkUrl?: string | undefined;
}

/** The scroll and pointer moves that wake the wallet, repeated until it answers (an early one may be missed). */
async function wake(page: Page, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  for (let i = 0; Date.now() < until; i++) {
    await page.mouse.move(100 + (i % 50), 200);
    await page.mouse.wheel(0, 40);
    const shown = await page
      .locator(PLACEMENT)
      .first()
      .waitFor({ state: 'attached', timeout: 1000 })
      .then(
        () => true,
        () => false,
      );
    if (shown) return true;
  }
  return false;
}

function violationResult(violations: Violation[], ctx: ViolationContext, what: string): CheckResult | undefined {
  const first = violations[0];
  if (!first) return undefined;
  const all = violations.map(describeViolation).join('; ');
  return failed(
    NAME,
    `${what} brought ${violations.length === 1 ? 'a CSP violation' : `${violations.length} CSP violations`}: ${all}`,
    violationFix(classifyViolation(first, ctx), ctx, first),
  );
}

/** Runs on `page`, which shows the site's product page, loaded and started. */
export async function walletCheck(
  page: Page,
  ctx: Omit<ViolationContext, 'sdkUrl'>,
  timeoutMs: number,
): Promise<WalletOutcome> {
  let sdk: Request | undefined;
  page.on('request', (request) => {
    if (!sdk && isSdk(request)) sdk = request;
  });
  take(page);
  const sdkCtx = () => ({ ...ctx, sdkUrl: sdk?.url() });
  const finish = (result: CheckResult): WalletOutcome => ({ result, sdkUrl: sdk?.url() });
  const seen = () => take(page).violations.map((v) => ({ ...v, path: '/' }));

  if (!(await wake(page, timeoutMs))) {
    const log = take(page);
    return finish(
      failed(
        NAME,
        `the product page never loaded its wallet code after scrolling and pointer moves${log.consoleErrors[0] ? ` (${log.consoleErrors[0]})` : ''}`,
      ),
    );
  }
  const settled = page
    .locator(`${PLACEMENT}[data-wallet-status="resolved"], ${PLACEMENT}[data-wallet-status="rejected"]`)
    .first();
  if (
    !(await settled.waitFor({ timeout: timeoutMs }).then(
      () => true,
      () => false,
    ))
  ) {
    return finish(
      failed(
        NAME,
        `the wallet SDK ${sdk?.url() ?? ''} did not finish loading in ${timeoutMs / 1000} s`.replace('  ', ' '),
      ),
    );
  }
  if ((await settled.getAttribute('data-wallet-status')) === 'rejected') {
    const violations = seen();
    const blocked = violations.find((v) => classifyViolation(v, sdkCtx()) === 'sdk-blocked');
    if (blocked) {
      return finish(
        failed(
          NAME,
          `the page's CSP blocks the wallet SDK, so ${BUTTON} never appears: ${describeViolation(blocked)}`,
          violationFix('sdk-blocked', sdkCtx(), blocked),
        ),
      );
    }
    const answer = sdk ? await sdk.response() : null;
    const why = sdk?.failure()?.errorText ?? (answer ? `HTTP ${answer.status()}` : 'no request was made');
    return finish(
      failed(
        NAME,
        `the wallet SDK ${sdk?.url() ?? ''} could not be loaded (${why}), so ${BUTTON} never appears`,
        WALLET.settingsHint,
      ),
    );
  }
  const loaded = violationResult(seen(), sdkCtx(), 'loading the wallet SDK');
  if (loaded) return finish(loaded);

  const placement = page.locator(PLACEMENT).first();
  const sdkUrl = sdk?.url() ?? '';
  const real = WALLET.sdkScript.test(sdkUrl);
  if (real) {
    const drawnButton = placement.locator(WALLET.drawnButton).first();
    if (
      !(await drawnButton.waitFor({ state: 'visible', timeout: timeoutMs }).then(
        () => true,
        () => false,
      ))
    ) {
      const bad = violationResult(seen(), sdkCtx(), `${WALLET.name}'s SDK`);
      return finish(
        bad ?? failed(NAME, `${WALLET.name}'s SDK loaded from ${sdkUrl} but drew no button in ${timeoutMs / 1000} s`),
      );
    }
    const drawn = violationResult(seen(), sdkCtx(), `drawing ${WALLET.name}'s button`);
    return finish(
      drawn ??
        passed(
          NAME,
          `${WALLET.name}'s SDK (${new URL(sdkUrl).origin}) drew its button with no CSP violation; not clicked, as that would start a real checkout`,
        ),
    );
  }

  const button = placement.getByRole('button', { name: WALLET.name, exact: true });
  const enabled = await button
    .and(page.locator('[aria-disabled="false"]'))
    .waitFor({ timeout: timeoutMs })
    .then(
      () => true,
      () => false,
    );
  if (!enabled)
    return finish(
      violationResult(seen(), sdkCtx(), 'the wallet SDK') ??
        failed(NAME, `the wallet SDK ${sdkUrl} loaded but drew no enabled ${WALLET.name} button`),
    );
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Demo wallet' });
  // The wallet answers a click with its dialog, or with the storefront's notice when the order could not start.
  const notice = placement.locator('[data-wallet-notice="create-failed"], [data-wallet-notice="payment-failed"]');
  const answered = await dialog
    .or(notice)
    .first()
    .waitFor({ timeout: timeoutMs })
    .then(
      () => true,
      () => false,
    );
  if (!answered || !(await dialog.isVisible())) {
    const log = take(page);
    const errors = log.consoleErrors.map((line) => line.split('\n')[0]);
    const said = [answered ? (await notice.first().textContent())?.trim() : undefined, ...errors]
      .filter(Boolean)
      .join(' / ');
    const csp = violationResult(
      log.violations.map((v) => ({ ...v, path: '/' })),
      sdkCtx(),
      `clicking ${BUTTON}`,
    );
    return finish(
      csp ??
        failed(
          NAME,
          `clicking ${BUTTON} opened no wallet${said ? `: ${said}` : ''}`,
          'the wallet starts with the order create: see the API CORS and clean load lines.',
        ),
    );
  }
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'hidden', timeout: timeoutMs }).catch(() => undefined);
  const clicked = violationResult(seen(), sdkCtx(), `clicking ${BUTTON}`);
  return finish(
    clicked ??
      passed(
        NAME,
        `the wallet SDK (${sdkUrl.split('?')[0]}) drew ${BUTTON}; a click opened the demo wallet, cancelled, with no CSP violation`,
      ),
  );
}
