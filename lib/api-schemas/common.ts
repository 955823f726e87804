// Building blocks of the answers' zod schemas (what a client reads: dates are ISO strings).
import { z } from "zod";
import { ROLES } from "@/lib/auth/permissions";

export const dateTime = () => z.iso.datetime({ offset: true });
export const uuid = () => z.string().uuid();
export const int = () => z.number().int();
export const roles = () => z.array(z.enum(ROLES));
/** Any JSON value (the record bodies and details the API passes through). */
export const anyJson = () => z.unknown();
