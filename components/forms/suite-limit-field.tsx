// A number input bounded by one of a suite's limits (overlap k, hold minutes,
// gold share), shared by the suite and pairwise-suite forms.
import { forwardRef, type ComponentProps } from "react";
import { SUITE_LIMITS } from "@/lib/suites/limits";
import { FormField } from "./form-field";

type Props = Omit<ComponentProps<typeof FormField>, "type" | "min" | "max"> & { limit: keyof typeof SUITE_LIMITS };

export const SuiteLimitField = forwardRef<HTMLInputElement, Props>(function SuiteLimitField({ limit, ...field }, ref) {
  return <FormField ref={ref} type="number" min={SUITE_LIMITS[limit].min} max={SUITE_LIMITS[limit].max} {...field} />;
});
