// Awaits a promise that must reject with an AppError, and returns the error.
import { expect } from "vitest";
import { AppError } from "@/lib/errors";

export async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}
