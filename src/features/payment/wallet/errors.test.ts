import { expect, it } from 'vitest';
import { ApiError } from '@haven/commerce-client';
import { createFailedTitle, describeError } from './errors.ts';

it('describes API errors with their code and trace id, and network failures in words', () => {
  const api = new ApiError({
    code: 'INTERNAL_SERVER_ERROR',
    message: 'The order service failed unexpectedly',
    statusCode: 500,
    traceId: 't-1',
  });
  expect(describeError(api)).toBe('The order service failed unexpectedly (INTERNAL_SERVER_ERROR, trace ID t-1)');
  expect(describeError(new TypeError('Failed to fetch'))).toMatch(/could not be reached/);
  expect(describeError(new Error('Payment declined by the buyer in the demo wallet'))).toBe(
    'Payment declined by the buyer in the demo wallet',
  );
  expect(describeError('odd')).toBe('odd');
  expect(describeError({ message: 'Window closed' })).toBe('Window closed');
  expect(describeError(undefined)).toBe('An unknown error occurred');
});

it("names the wallet in the create failure's title, as shoppers read it", () => {
  expect(createFailedTitle('PayPal')).toBe('Could not initiate PayPal Checkout...');
});
