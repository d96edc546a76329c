/**
 * Groups a V8 CPU profile (`--cpu-prof`) by what its samples were doing: each sample goes to the
 * innermost frame of Platen's own code on its stack (file and function, so a hook is counted
 * with everything it calls in libraries), or, with none, to the library or runtime of its
 * innermost frame. Only samples between `from` and `to` (µs, the monotonic clock that
 * `process.hrtime` also reads) count.
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const own = /\/(apps\/server\/src|packages\/[\w-]+\/src)\/(.*)$/;
const library = /node_modules\/((?:@[\w.-]+\/)?[\w.-]+)\//;

const frameName = (node: ProfileNode): { own: boolean; name: string } => {
  const { url, functionName, lineNumber } = node.callFrame;
  const mine = own.exec(url);
  if (mine)
    return { own: true, name: `${mine[2]}:${functionName || `(anonymous ${lineNumber + 1})`}` };
  const lib = library.exec(url);
  if (lib) return { own: false, name: lib[1]! };
  if (url.startsWith('node:')) return { own: false, name: url };
  return { own: false, name: functionName || url || '(unknown)' };
};

export const groupProfile = (profile: CpuProfile, from = -Infinity, to = Infinity) => {
  const parent = new Map<number, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const groupOf = new Map<number, string>();
  const group = (id: number): string => {
    const known = groupOf.get(id);
    if (known) return known;
    const leaf = frameName(byId.get(id)!);
    let name = leaf.name;
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = frameName(byId.get(at)!);
      if (frame.own) {
        name = frame.name;
        break;
      }
    }
    groupOf.set(id, name);
    return name;
  };
  const totals = new Map<string, number>();
  let time = profile.startTime;
  let counted = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    time += profile.timeDeltas[i]!;
    if (time < from || time > to) continue;
    const delta = profile.timeDeltas[i + 1] ?? 0;
    const name = group(profile.samples[i]!);
    totals.set(name, (totals.get(name) ?? 0) + delta);
    counted += delta;
  }
  return {
    totalUs: counted,
    groups: [...totals.entries()].map(([name, us]) => ({ name, us })).sort((a, b) => b.us - a.us),
  };
};
