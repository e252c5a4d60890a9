// Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013): a rating, its deviation (how
// sure it is) and its volatility, updated after a rating period. Each puzzle tried is one rating
// period with one game: the puzzle is the opponent, its difficulty rating with a fixed deviation.
// Written here rather than taken from npm (the build's bundler could take one): the puzzles need one
// pure function, a player and a period's games in, the player out, and this is some 60 lines of the
// paper's arithmetic, tested against its worked example (tests/site/glicko2.test.mjs); the common
// npm package instead keeps its players in a ranking object that is fed matches.

const SCALE = 173.7178; // Glicko-2's scale: (rating - 1500) / SCALE
const EPSILON = 0.000001; // the convergence tolerance of the volatility's iteration

/** A new player: rating 1500, deviation 350, volatility 0.06 (the paper's defaults). */
export const START = Object.freeze({ rating: 1500, rd: 350, vol: 0.06 });
/** The system constant τ: how much the volatility may change (0.3 to 1.2; smaller is steadier). */
const TAU = 0.5;

const g = (phi) => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
const expected = (mu, muJ, phiJ) => 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));

/**
 * The player after one rating period. `player` is {rating, rd, vol}; `games` is a list of
 * {rating, rd, score} (score 1 won, 0 lost, 0.5 drawn). No game: only the deviation grows.
 */
export function update(player, games, tau = TAU) {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.rd / SCALE;
  const sigma = player.vol;
  if (games.length === 0) {
    return { rating: player.rating, rd: Math.sqrt(phi * phi + sigma * sigma) * SCALE, vol: sigma };
  }
  let vInverse = 0;
  let sum = 0;
  for (const game of games) {
    const muJ = (game.rating - 1500) / SCALE;
    const phiJ = game.rd / SCALE;
    const e = expected(mu, muJ, phiJ);
    vInverse += g(phiJ) ** 2 * e * (1 - e);
    sum += g(phiJ) * (game.score - e);
  }
  const v = 1 / vInverse;
  const delta = v * sum;
  // The new volatility: the root of f by the Illinois algorithm (step 5 of the paper).
  const a = Math.log(sigma * sigma);
  const f = (x) => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let A = a;
  let B;
  if (delta * delta > phi * phi + v) {
    B = Math.log(delta * delta - phi * phi - v);
  } else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  for (let i = 0; Math.abs(B - A) > EPSILON && i < 100; i++) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2;
    }
    B = C;
    fB = fC;
  }
  const newSigma = Math.exp(A / 2);
  const phiStar = Math.sqrt(phi * phi + newSigma * newSigma);
  const newPhi = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const newMu = mu + newPhi * newPhi * sum;
  return { rating: 1500 + SCALE * newMu, rd: SCALE * newPhi, vol: newSigma };
}
