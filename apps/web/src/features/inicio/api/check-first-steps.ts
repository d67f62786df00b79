import { request } from '#src/shared/http/api-client.ts';

/** First-steps result (spec section 3). */
export interface FirstSteps {
  client_created: boolean;
  product_service_created: boolean;
  sellos_digitales_created: boolean;
  invoice_created: boolean;
}

/** GET /users/check-first-steps-completed. */
export function checkFirstStepsCompleted(): Promise<FirstSteps> {
  return request<FirstSteps>('users/check-first-steps-completed');
}

/** Spec section 4: first steps are done once all four flags are true. */
export function firstStepsDone(steps: FirstSteps): boolean {
  return (
    steps.client_created &&
    steps.product_service_created &&
    steps.sellos_digitales_created &&
    steps.invoice_created
  );
}
