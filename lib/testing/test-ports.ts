// The ports test servers, drills and benchmarks listen on, shifted by
// EVALFORM_TEST_PORT_OFFSET so that two checkouts on one machine can run
// their tests side by side without taking each other's ports.
export function testPort(base: number): number {
  const offset = Number(process.env.EVALFORM_TEST_PORT_OFFSET ?? 0);
  if (!Number.isInteger(offset) || offset < 0 || base + offset > 65_535)
    throw new Error(
      `EVALFORM_TEST_PORT_OFFSET must be a small whole number, not ${process.env.EVALFORM_TEST_PORT_OFFSET}`,
    );
  return base + offset;
}
