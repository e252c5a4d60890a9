// The moves of an analysis as a tree: every position reached is a node, its children the moves
// tried from it, the first child the main line there and the others its variations (in the order
// they were made, unless promoted). Plain data in, plain data out: no rules, no DOM. Move texts are
// the game's own (Python checked them before they got here).

/** A tree holding `moves` as its main line; node 0 is the start position. */
export function treeOf(moves = []) {
  const tree = { nodes: [{ id: 0, move: null, parent: null, children: [], ply: 0 }], nextId: 1 };
  let at = 0;
  for (const move of moves) at = addMove(tree, at, move);
  return tree;
}

const node = (tree, id) => {
  const found = tree.nodes[id];
  if (!found) throw new RangeError(`no node ${id} in the tree`);
  return found;
};

/** Whether `id` is a node of the tree (deleted nodes are not). */
export const has = (tree, id) => Number.isInteger(id) && Boolean(tree.nodes[id]);

/** The node `id`: {id, move, parent, children: [ids], ply}. */
export const nodeAt = (tree, id) => node(tree, id);

/**
 * The child of `id` reached by `move`, made if it is new (a new variation after the ones there),
 * else the one already there: playing a move twice never duplicates it.
 * @returns the child's id.
 */
export function addMove(tree, id, move) {
  const parent = node(tree, id);
  const known = parent.children.find((child) => tree.nodes[child].move === move);
  if (known !== undefined) return known;
  const child = { id: tree.nextId++, move, parent: id, children: [], ply: parent.ply + 1 };
  tree.nodes[child.id] = child;
  parent.children.push(child.id);
  return child.id;
}

/** The moves from the start to node `id`. */
export function movesTo(tree, id) {
  const moves = [];
  for (let at = node(tree, id); at.parent !== null; at = tree.nodes[at.parent]) moves.push(at.move);
  return moves.reverse();
}

/** The nodes from `id` on along the first children (the line the board would step through). */
export function lineFrom(tree, id) {
  const line = [];
  for (let at = node(tree, id); at.children.length; at = tree.nodes[at.children[0]]) line.push(at.children[0]);
  return line;
}

/** The ids of the main line's nodes after the start. */
export const mainLine = (tree) => lineFrom(tree, 0);

/**
 * Every line of the tree, from the start to each end, main line first, then each variation in
 * the order `treeOf` and `addMove` made them: adding them in turn to a new tree makes this one again.
 */
export function lines(tree) {
  const found = [];
  const walk = (id) => {
    const { children } = node(tree, id);
    if (!children.length) found.push(movesTo(tree, id));
    for (const child of children) walk(child);
  };
  walk(0);
  return found;
}

/** The node reached by `moves` from the start, or null if the tree has no such line. */
export function nodeOf(tree, moves) {
  let at = node(tree, 0);
  for (const move of moves) {
    const next = at.children.map((id) => tree.nodes[id]).find((child) => child.move === move);
    if (!next) return null;
    at = next;
  }
  return at.id;
}

/** Whether `id` lies on the main line (the start included). */
export function onMainLine(tree, id) {
  for (let at = node(tree, id); at.parent !== null; at = tree.nodes[at.parent]) {
    if (tree.nodes[at.parent].children[0] !== at.id) return false;
  }
  return true;
}

// The first node at or above `id` that is not its parent's first child: where its variation starts.
function branchOf(tree, id) {
  for (let at = node(tree, id); at.parent !== null; at = tree.nodes[at.parent]) {
    if (tree.nodes[at.parent].children[0] !== at.id) return at;
  }
  return null;
}

/**
 * Promote the variation that holds `id`: it becomes the first line where it branches off (the line
 * it replaces becomes a variation there). Promoting again lifts it another level, up to the main line.
 * @returns whether anything changed (false on the main line).
 */
export function promote(tree, id) {
  const branch = branchOf(tree, id);
  if (!branch) return false;
  const siblings = tree.nodes[branch.parent].children;
  siblings.splice(siblings.indexOf(branch.id), 1);
  siblings.unshift(branch.id);
  return true;
}

/**
 * Delete node `id` and everything after it (its move and the lines that follow); not the start.
 * @returns the parent's id, where the board goes.
 */
export function remove(tree, id) {
  const gone = node(tree, id);
  if (gone.parent === null) throw new RangeError("the start position cannot be deleted");
  const siblings = tree.nodes[gone.parent].children;
  siblings.splice(siblings.indexOf(id), 1);
  const stack = [id];
  while (stack.length) {
    const at = stack.pop();
    stack.push(...tree.nodes[at].children);
    delete tree.nodes[at];
  }
  return gone.parent;
}

/** The number of moves after `id` that `remove(tree, id)` would delete, `id` included. */
export function sizeFrom(tree, id) {
  let count = 0;
  const stack = [id];
  while (stack.length) {
    count += 1;
    stack.push(...node(tree, stack.pop()).children);
  }
  return count;
}

/**
 * The tree as the move list shows it, in reading order (as a game record writes variations):
 * after each move of a line come the variations that branch off in its place, each a nested
 * list, then the line goes on.
 * @returns {Array} items: {id, move, ply} for a move, {variation: items} for a variation.
 */
export function layout(tree, from = 0) {
  const items = [];
  let at = node(tree, from);
  while (at.children.length) {
    const [main, ...others] = at.children.map((child) => tree.nodes[child]);
    items.push({ id: main.id, move: main.move, ply: main.ply });
    for (const other of others) {
      items.push({ variation: [{ id: other.id, move: other.move, ply: other.ply }, ...layout(tree, other.id)] });
    }
    at = main;
  }
  return items;
}
