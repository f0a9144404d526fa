// What a use case refused with, for tests that assert on the refusal: `null` when it went through,
// else the error's code and issues (the shape `AppError` carries).
export const refusalOf = (promise: Promise<unknown>): Promise<{ code?: string; issues?: unknown } | null> =>
  promise.then(
    () => null,
    (error: { code?: string; issues?: unknown }) => ({ code: error.code, issues: error.issues }),
  );
