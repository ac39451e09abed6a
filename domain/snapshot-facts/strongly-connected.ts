/**
 * Strongly connected components (Tarjan, iterative so a 10k-node chain cannot overflow the stack).
 * Components come out in reverse topological order: a component is emitted after every component
 * it reaches. `cyclic` holds the nodes on a directed cycle (component of two or more, or a self loop).
 */
export function stronglyConnectedComponents(
  nodes: readonly number[],
  successors: (node: number) => readonly number[],
): { components: number[][]; cyclic: Set<number> } {
  const index = new Map<number, number>();
  const low = new Map<number, number>();
  const onStack = new Set<number>();
  const stack: number[] = [];
  const components: number[][] = [];
  const cyclic = new Set<number>();
  let counter = 0;

  for (const start of nodes) {
    if (index.has(start)) continue;
    const work: { node: number; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const succ = successors(frame.node);
      if (frame.next < succ.length) {
        const w = succ[frame.next++];
        if (w === frame.node) cyclic.add(w);
        if (!index.has(w)) {
          index.set(w, counter);
          low.set(w, counter++);
          stack.push(w);
          onStack.add(w);
          work.push({ node: w, next: 0 });
        } else if (onStack.has(w)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(w)!));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: number[] = [];
        let w: number;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          component.push(w);
        } while (w !== frame.node);
        if (component.length > 1) for (const c of component) cyclic.add(c);
        components.push(component);
      }
    }
  }
  return { components, cyclic };
}
