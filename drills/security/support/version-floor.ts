// "Is this installed version at or above the fixed release?" for plain
// x.y.z[-pre] versions: a tiny comparison instead of a dependency (the tree's
// semver is a transitive copy without types). A pre-release of a version sorts
// below the version itself.
type Parsed = { numbers: number[]; pre: string | null };

function parse(version: string): Parsed {
  const match = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:-([0-9A-Za-z.-]+))?(?:\+.*)?$/.exec(version.trim());
  if (!match) throw new Error(`not a version: ${version}`);
  return { numbers: [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)], pre: match[4] ?? null };
}

export function compareVersions(a: string, b: string): number {
  const left = parse(a);
  const right = parse(b);
  for (let index = 0; index < 3; index++) {
    const difference = left.numbers[index]! - right.numbers[index]!;
    if (difference !== 0) return Math.sign(difference);
  }
  if (left.pre === right.pre) return 0;
  if (left.pre === null) return 1;
  if (right.pre === null) return -1;
  return left.pre.localeCompare(right.pre, "en", { numeric: true }) < 0 ? -1 : 1;
}

export function atLeast(version: string, floor: string): boolean {
  return compareVersions(version, floor) >= 0;
}
