// The value an experiment writes for element `index` in the run with `token`: a different one
// for every element and every run, so that a stale value, left by an earlier run or another
// group, never passes for the right one. Knuth's multiplicative hashing constant (2^32 divided
// by the golden ratio, odd) spreads neighbouring indices far apart. barriers::valueOf on the
// CPU is the same formula.
uint valueOf(uint token, uint index) { return index * 2654435761u + token; }
