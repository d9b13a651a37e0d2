/**
 * How many object reads are in flight at once, for a kind whose list holds less than its live
 * record (a gateway group's list has no endpoints, so each group is one GET). The name is the
 * first such kind's.
 */
export const CARRIER_GROUP_READS = 4;

/**
 * One list request, then one read per listed id, at most `CARRIER_GROUP_READS` at once, in id
 * order. An object deleted between the two reads is left out.
 */
export async function readEach<L>(listedIds: () => Promise<readonly number[]>, get: (id: number) => Promise<L | null>): Promise<L[]> {
  const ids = [...new Set(await listedIds())].sort((a, b) => a - b);
  const found = new Array<L | null>(ids.length).fill(null);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < ids.length; i = next++) found[i] = await get(ids[i]!);
  };
  await Promise.all(Array.from({ length: Math.min(CARRIER_GROUP_READS, ids.length) }, worker));
  return found.filter((g): g is L => g !== null);
}
