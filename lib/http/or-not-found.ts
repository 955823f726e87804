// For pages: a lib call whose "no such object (for you)" becomes the 404 page
// and whose "not with your role" the 403 page; every other error stays an error.
import "server-only";
import { forbidden, notFound } from "next/navigation";
import { AppError } from "@/lib/errors";

export async function orNotFound<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") notFound();
    if (error instanceof AppError && error.code === "FORBIDDEN") forbidden();
    throw error;
  }
}
