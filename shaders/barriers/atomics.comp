#version 430
// The eight atomic functions of GLSL, each in one small use whose result the CPU checks:
//   atomicAdd       the sum of every invocation's value
//   atomicMin/Max   the bounding box of every invocation's point (signed ints)
//   atomicOr        a bit set: bit b is set where some invocation drew b
//   atomicAnd       the same set's complement: a word of ones with those bits cleared
//   atomicXor       parity: bit b is set where an odd number of invocations drew b
//   atomicExchange  a linked list: each invocation pushes itself, and keeps the old head
//   atomicCompSwap  first writer wins: each invocation claims its bucket if it is still empty
// Each returns the value the memory held before; the list and the claims use it.
// GROUP_SIZE and BIT_WORDS are defined by the sample; the defaults let the file compile alone.
#ifndef GROUP_SIZE
#define GROUP_SIZE 256
#endif
#ifndef BIT_WORDS
#define BIT_WORDS 64
#endif
layout(local_size_x = GROUP_SIZE) in;

#include "value.glsl"

const uint kNone = 0xFFFFFFFFu;  // the list's end, and an empty bucket

layout(std430, binding = 0) buffer Totals {
    uint sum;
    int minX, minY, maxX, maxY;
    uint head;  // the list's first invocation, kNone when empty
};
layout(std430, binding = 1) buffer Bits {
    uint drawn[BIT_WORDS];     // atomicOr, starts at zero
    uint notDrawn[BIT_WORDS];  // atomicAnd, starts at all ones
    uint odd[BIT_WORDS];       // atomicXor, starts at zero
};
layout(std430, binding = 2) buffer Owners { uint owners[]; };  // kNone, or who claimed it
// Per invocation: x the head it replaced (its successor in the list), y what its claim found.
layout(std430, binding = 3) writeonly buffer Returned { uvec2 returned[]; };

uniform uint count;    // invocations that take part
uniform uint buckets;  // entries in owners
uniform uint token;    // this run's, for valueOf

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= count) return;  // the last group's overhang
    uint v = valueOf(token, i);

    atomicAdd(sum, v);  // wraps modulo 2^32, as the CPU's uint32 sum does

    ivec2 point = ivec2(int(v & 0xFFFu), int((v >> 12) & 0xFFFu)) - 2048;
    atomicMin(minX, point.x);
    atomicMin(minY, point.y);
    atomicMax(maxX, point.x);
    atomicMax(maxY, point.y);

    uint bit = (v >> 20) % uint(BIT_WORDS * 32);
    uint mask = 1u << (bit % 32u);
    atomicOr(drawn[bit / 32u], mask);
    atomicAnd(notDrawn[bit / 32u], ~mask);
    atomicXor(odd[bit / 32u], mask);

    uint next = atomicExchange(head, i);
    uint found = atomicCompSwap(owners[(v >> 8) % buckets], kNone, i);
    returned[i] = uvec2(next, found);
}
